import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { languageOfPath, rememberedLanguage, twinPath } from 'frontend-common';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

const SideMenu = lazy(() => import(/* webpackPrefetch: true */ './SideMenu'));

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

export function PublicLayout({ siteDomain }: { siteDomain?: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  useLanguageOfUrl();
  const openMenu = () => {
    setMenuUsed(true);
    setMenuOpen(true);
  };
  return (
    <div className="atm-page">
      <TopBar menuOpen={menuOpen} onOpenMenu={openMenu} />
      {menuUsed && (
        <Suspense fallback={null}>
          <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} siteDomain={siteDomain} />
        </Suspense>
      )}
      <div className="atm-page__content">
        <Outlet />
      </div>
      <Footer siteDomain={siteDomain} />
    </div>
  );
}
