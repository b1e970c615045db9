import type { ComponentType } from 'react';
import { ADMIN_PAGE_PATHS, ENGLISH_PREFIX, PUBLIC_PAGES } from 'contract';
import { matchPath, Route, Routes, useLocation } from 'react-router-dom';
import { languageOfPath, languagePrefix, listingUnderDialog, parsePublicPath } from 'frontend-common';
import type { RemoteAppProps, RemoteLoader } from './app/remotes';
import type { RemoteName } from './app/runtimeConfig';
import { Hero } from './features/layout/Hero';
import { NotFound } from './features/not-found/NotFound';
import { PublicLayout } from './features/layout/PublicLayout';
import { RemoteRoute } from './features/remotes/RemoteRoute';

export interface AppProps {
  /** How remotes are loaded: the Module Federation runtime in the product, a plain function in tests. */
  loadRemote: RemoteLoader;
  siteDomain?: string;
  /** The data the server rendered this page from (read from the page), handed to the remote. */
  snapshot?: unknown;
  /** Remotes' Apps already at hand: the server render's (their Node builds). */
  serverRemotes?: Partial<Record<RemoteName, ComponentType<RemoteAppProps>>>;
  /**
   * A path the server found nothing at although it looks like a page (an unknown shop's slug):
   * it shows the 404 page, on the server and in the browser's first render alike.
   */
  notFoundPath?: string;
}

/**
 * The shell's routes: the public pages in Spanish at `/`, `/shops`,
 * `/shops/<slug>` and in English under `/en/` (frontend-common/src/routes.ts builds their URLs),
 * the admin under `/admin`. Remotes load lazily, so `/` never downloads the admin. No antd
 * provider at the root: antd is not shared (see README), so each remote wraps its own and the
 * shell wraps its one antd widget, the side menu. The listing's hero is the shell's (Hero.tsx);
 * a shop page's heading is the shop's name, so it has none.
 */
/** Whether a path is one of the back office's pages (not any path under /admin). */
function isAdminPage(pathname: string): boolean {
  return ADMIN_PAGE_PATHS.some((page) => matchPath(`/admin/${page}`, pathname) !== null);
}

export function App({ loadRemote, siteDomain, snapshot, serverRemotes, notFoundPath }: AppProps) {
  const location = useLocation();
  const { pathname, state } = location;
  // Matched as a path no route has, in the same language: the 404 page, in the page's language.
  const notFound = notFoundPath === pathname ? `${languagePrefix(languageOfPath(pathname))}/404` : undefined;
  // A shop opened from the listing: the address bar has the shop's page, the routes still draw
  // the listing under it, and the directory draws the shop's dialog over it (frontend-common's
  // shopDialog.ts).
  const shownPage = parsePublicPath(pathname);
  const underDialog = shownPage?.kind === 'shop' ? listingUnderDialog(state) : null;
  const dialogSlug = underDialog && shownPage?.kind === 'shop' ? shownPage.slug : undefined;
  const directory = (basePath: string, view: (typeof PUBLIC_PAGES)[number]['view']) => (
    <RemoteRoute
      name="directory"
      loader={loadRemote}
      preloaded={serverRemotes?.directory}
      basePath={basePath}
      view={view}
      snapshot={snapshot}
      dialogSlug={view === 'listing' ? dialogSlug : undefined}
    />
  );
  // The public pages' routes, in Spanish and under /en, from the one table of them (contract).
  const pageRoutes = (prefix: string) =>
    PUBLIC_PAGES.flatMap(({ paths, view, hero }) =>
      paths.map((template) => {
        // The directory's base: the page's path without its parameter ('/shops' for a shop).
        const basePath = `${prefix}${template.replace(/\/:[^/]+$/, '')}`;
        const element = hero ? (
          <>
            <Hero />
            {directory(basePath, view)}
          </>
        ) : (
          directory(basePath, view)
        );
        return template === '/' ? (
          <Route key={template} index element={element} />
        ) : (
          <Route key={template} path={template.slice(1)} element={element} />
        );
      }),
    );
  return (
    // Always a location, never none: Routes wraps what it renders for a given location in a
    // provider, so switching between one and none would remount the directory as a dialog opens.
    <Routes location={notFound ?? underDialog ?? location}>
      {/* Only the admin's own pages load it: any other /admin path is the one 404 page below,
          as the server answers it. The route keeps its place, so moving
          between admin pages never remounts the remote. */}
      {isAdminPage(pathname) && (
        <Route path="/admin/*" element={<RemoteRoute name="admin" basePath="/admin" loader={loadRemote} />} />
      )}
      <Route element={<PublicLayout siteDomain={siteDomain} />}>
        {pageRoutes('')}
        <Route path={ENGLISH_PREFIX.slice(1)}>{pageRoutes(ENGLISH_PREFIX)}</Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
