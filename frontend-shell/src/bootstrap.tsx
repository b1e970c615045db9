import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { initI18n, languageOfPath } from 'frontend-common';
import { App } from './App';
import { loadRemoteApp, registerRuntimeRemotes } from './app/remotes';
import { readRuntimeConfig } from './app/runtimeConfig';
import { readServerPage, SERVER_RENDER_ERROR } from './app/serverPage';
import { registerShellTranslations } from './i18n';

const config = readRuntimeConfig();
// A page the server rendered (the public pages) is in its URL's language, and React's first
// render must be in that language too; the admin has one URL and starts in the remembered one.
const server = readServerPage();
initI18n(server ? languageOfPath(window.location.pathname) : undefined);
registerShellTranslations();
registerRuntimeRemotes(config.remotes);

const app = (
  <StrictMode>
    <BrowserRouter>
      <App
        loadRemote={loadRemoteApp}
        siteDomain={config.siteDomain}
        snapshot={server?.snapshot}
        notFoundPath={server?.notFoundPath}
      />
    </BrowserRouter>
  </StrictMode>
);
const container = document.getElementById('root')!;
if (server) {
  // Hydration keeps the server's markup: the shell's parts at once, the directory's when its
  // remote has arrived (it sits in a Suspense boundary). A difference between the two renders
  // is a bug (e2e/seo.e2e.test.mjs fails on this message), not something to repair silently.
  // In a transition, like the first render below: hydration runs in slices that yield to the
  // phone (the page is already on screen) instead of one long task; a click or key press on a
  // part not yet hydrated makes React hydrate that part first.
  startTransition(() => {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.error(SERVER_RENDER_ERROR, error),
    });
  });
} else {
  // A transition: React renders the first page in slices of a few milliseconds, yielding between
  // them, instead of one long task that blocks a slow phone (Lighthouse's Total Blocking Time).
  // The static frame of index.html stays on screen until the result commits.
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
