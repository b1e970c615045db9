import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { languageOfPath, MAIN_CONTENT_ID, rememberedLanguage, twinPath } from 'frontend-common';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

// The side menu is the public pages' only antd part (~100 KB compressed): loaded when the menu
// button is pointed at or focused, not prefetched on every visit (a phone's data and bandwidth
// during the page's load). Webpack keeps the module, so lazy() finds it loaded.
const loadSideMenu = () => import('./SideMenu');
const SideMenu = lazy(loadSideMenu);
const preloadSideMenu = () => void loadSideMenu().catch(() => undefined);

/**
 * A public page's language is its URL's (`/en/...` English, the rest Spanish), except that a
 * visitor who chose English with the switch is taken from a Spanish page to its English twin.
 * On a full page load public/preamble.js does that before the first paint; this covers
 * navigations inside the page (e.g. from the admin's link home).
 */
function useLanguageOfUrl() {
  const { i18n } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const language = languageOfPath(pathname);
  useEffect(() => {
    const twin = language === 'es' && rememberedLanguage() === 'en' ? twinPath(pathname, 'en') : null;
    if (twin) navigate(`${twin}${search}${hash}`, { replace: true });
    else if (i18n.language !== language) void i18n.changeLanguage(language);
    // Only a change of page: the switch may change the language of a page without a twin (404).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language, pathname]);
}

/**
 * The public pages' frame: a skip link (the first thing Tab reaches), the top bar (banner), the
 * page's one `main` landmark, which every public page (the directory remote, the 404 page) renders
 * into, and the footer (contentinfo).
 */
export function PublicLayout({ siteDomain }: { siteDomain?: string }) {
  const { t } = useTranslation('shell');
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  useLanguageOfUrl();
  const openMenu = () => {
    setMenuUsed(true);
    setMenuOpen(true);
  };
  return (
    <div className="atm-page">
      <a href={`#${MAIN_CONTENT_ID}`} className="atm-skip-link">
        {t('skipLink')}
      </a>
      <TopBar menuOpen={menuOpen} onOpenMenu={openMenu} onMenuIntent={preloadSideMenu} />
      {menuUsed && (
        <Suspense fallback={null}>
          <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} siteDomain={siteDomain} />
        </Suspense>
      )}
      {/* tabIndex -1: the skip link moves focus here, not only the scroll position. */}
      <main id={MAIN_CONTENT_ID} className="atm-page__content" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer siteDomain={siteDomain} />
    </div>
  );
}
