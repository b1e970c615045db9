// The shell's server-side entry, built for Node into dist-ssr/shell.cjs (webpack.config.mjs) and
// loaded by the backend (backend/src/pages/): the shell's own App (layout, routes, 404) around
// the directory remote's App from that remote's own Node build, rendered to HTML, plus the
// page's head tags. React, the router and i18next are not bundled (required from node_modules),
// so both server bundles share one copy of each, as Module Federation's singletons do in the
// browser. docs/architecture.md, "Server rendering", tells the whole path.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import {
  initI18n,
  languageOfPath,
  parsePublicPath,
  type DirectorySnapshot,
  type Language,
} from 'frontend-common';
import { App } from './App';
import type { RemoteAppProps, RemoteLoader } from './app/remotes';
import { serverDataElement } from './app/serverPage';
import { registerShellTranslations, SHELL_NS } from './i18n';
import { headTags, type ImageSize } from './server/headTags';

export { languageOfPath, listingPath, parsePublicPath, shopPath, type PublicPage } from 'frontend-common';

registerShellTranslations();

/** On the server every remote is at hand (`serverRemotes`); the lazy path never runs. */
const noLoading: RemoteLoader = () => Promise.reject(new Error('remotes are not loaded on the server'));

export interface RenderInput {
  /** The requested path and query, e.g. '/en/shops?page=2'. */
  url: string;
  /** The directory remote's App (its server build's DirectoryApp). */
  directory: ComponentType<RemoteAppProps>;
  /** The directory's data for this page; null for pages without (404). */
  snapshot: DirectorySnapshot | null;
  /** Origin of the page's absolute URLs, without a trailing slash (PUBLIC_URL). */
  publicUrl: string;
  /** The path looks like a page but the server found nothing (an unknown shop): the 404 page. */
  notFound?: boolean;
  /** The size of a shop's image path or URL, when the server knows it (link previews declare it). */
  imageSize?: (src: string) => ImageSize | undefined;
}

export interface RenderedPage {
  language: Language;
  title: string;
  /** Head tags after the title: description, canonical, alternates, OpenGraph, JSON-LD. */
  headTags: string;
  /** The markup of #root, which the browser hydrates. */
  body: string;
  /** The embedded data element the browser hydrates from (app/serverPage.ts). */
  dataElement: string;
}

/** Renders a public page (or, when the path is none, the 404 page) in its URL's language, once. */
export function renderPage({
  url,
  directory,
  snapshot,
  publicUrl,
  notFound,
  imageSize,
}: RenderInput): RenderedPage {
  // Appended, not resolved: a request path starting `//` is a path, never a host.
  const pathname = new URL(`http://server.invalid${url}`).pathname;
  const page = notFound ? null : parsePublicPath(pathname);
  const notFoundPath = notFound ? pathname : undefined;
  const language = page?.language ?? languageOfPath(pathname);
  // One i18next instance per request (sharing the loaded translations), so concurrent renders in
  // different languages never see each other's language.
  const i18n = initI18n().cloneInstance({ lng: language });
  const body = renderToString(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[url]}>
        <App
          loadRemote={noLoading}
          serverRemotes={{ directory }}
          snapshot={snapshot ?? undefined}
          notFoundPath={notFoundPath}
        />
      </MemoryRouter>
    </I18nextProvider>,
  );
  const { title, tags } = headTags({
    page,
    language,
    snapshot,
    publicUrl,
    t: i18n.getFixedT(language, SHELL_NS),
    imageSize,
  });
  return {
    language,
    title,
    headTags: tags,
    body,
    dataElement: serverDataElement({ snapshot, notFoundPath }),
  };
}

/** The admin's title (one URL for both languages: the Spanish default) and noindex. */
export function adminHead(): { title: string; headTags: string } {
  const t = initI18n().getFixedT('es', SHELL_NS);
  return { title: t('head.admin.title'), headTags: '<meta name="robots" content="noindex">' };
}
