import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

const SideMenu = lazy(() => import(/* webpackPrefetch: true */ './SideMenu'));

export function PublicLayout({ siteDomain }: { siteDomain?: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
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
