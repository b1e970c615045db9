import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { MAIN_CONTENT_ID } from 'frontend-common';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

const SideMenu = lazy(() => import(/* webpackPrefetch: true */ './SideMenu'));

/**
 * The public pages' frame: a skip link (the first thing Tab reaches), the top bar (banner), the
 * page's one `main` landmark, which every public page (the directory remote, the 404 page) renders
 * into, and the footer (contentinfo).
 */
export function PublicLayout({ siteDomain }: { siteDomain?: string }) {
  const { t } = useTranslation('shell');
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const openMenu = () => {
    setMenuUsed(true);
    setMenuOpen(true);
  };
  return (
    <div className="atm-page">
      <a href={`#${MAIN_CONTENT_ID}`} className="atm-skip-link">
        {t('skipLink')}
      </a>
      <TopBar menuOpen={menuOpen} onOpenMenu={openMenu} />
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
