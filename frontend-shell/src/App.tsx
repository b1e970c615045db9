import { Route, Routes } from 'react-router-dom';
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
export function App({ loadRemote, siteDomain }: AppProps) {
  const directory = (basePath: string) => (
    <>
      <Hero />
      <RemoteRoute name="directory" basePath={basePath} loader={loadRemote} />
    </>
  );
  return (
    <Routes>
      <Route path="/admin/*" element={<RemoteRoute name="admin" basePath="/admin" loader={loadRemote} />} />
      <Route element={<PublicLayout siteDomain={siteDomain} />}>
        <Route index element={directory('/')} />
        <Route path="shops" element={directory('/shops')} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
