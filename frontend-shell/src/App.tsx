import { ADMIN_PAGE_PATHS } from 'contract';
import { matchPath, Route, Routes, useLocation } from 'react-router-dom';
import type { RemoteLoader } from './app/remotes';
import { Hero } from './features/layout/Hero';
import { NotFound } from './features/not-found/NotFound';
import { PublicLayout } from './features/layout/PublicLayout';
import { RemoteRoute } from './features/remotes/RemoteRoute';

export interface AppProps {
  /** How remotes are loaded: the Module Federation runtime in the product, a plain function in tests. */
  loadRemote: RemoteLoader;
  siteDomain?: string;
}

/**
 * The shell's routes (spec section 2). Remotes load lazily, so `/` never downloads the admin.
 * No antd provider at the root: antd is not shared (see README), so each remote wraps its own
 * and the shell wraps its one antd widget, the side menu. The directory's hero is the shell's:
 * it is painted from the static HTML before the remote arrives (see Hero.tsx).
 */
/** Whether a path is one of the back office's pages (not any path under /admin). */
function isAdminPage(pathname: string): boolean {
  return ADMIN_PAGE_PATHS.some((page) => matchPath(`/admin/${page}`, pathname) !== null);
}

export function App({ loadRemote, siteDomain }: AppProps) {
  const { pathname } = useLocation();
  const directory = (basePath: string) => (
    <>
      <Hero />
      <RemoteRoute name="directory" basePath={basePath} loader={loadRemote} />
    </>
  );
  return (
    <Routes>
      {/* Only the admin's own pages load it: any other /admin path is the one 404 page below,
          as the server answers it (issue 15, defect 9). The route keeps its place, so moving
          between admin pages never remounts the remote. */}
      {isAdminPage(pathname) && (
        <Route path="/admin/*" element={<RemoteRoute name="admin" basePath="/admin" loader={loadRemote} />} />
      )}
      <Route element={<PublicLayout siteDomain={siteDomain} />}>
        <Route index element={directory('/')} />
        <Route path="shops" element={directory('/shops')} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
