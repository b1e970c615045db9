import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { initI18n, languageOfPath } from 'frontend-common';
import { App } from './App';
import { replayEarlyInput, takeEarlyInput, whenLive } from './app/earlyInput';
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
// A directory page (every page the server renders but the 404): its remote starts loading now,
// beside the shell's start, not once hydration reaches its Suspense boundary (the remote's
// manifest, entry and modules then waited for the shell's React to run first). The lazy
// component's own call below gets the same module; a failure shows there, with its Retry.
if (server && !server.notFoundPath) loadRemoteApp('directory', 0).catch(() => {});

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
  // Presses and choices made before this point (the scripts start on the visitor's first touch,
  // public/preamble.js) are replayed once the page is live: the 404 page when the root has
  // committed, a directory page once the directory has hydrated too.
  const early = takeEarlyInput();
  const isLive = () =>
    Boolean(server.notFoundPath) || document.documentElement.dataset.directoryHydrated === 'true';
  // Taken out of the list as replayed: each press happens once, however often this is called.
  const onCommit = () => whenLive(isLive, () => replayEarlyInput(early.splice(0)));
  startTransition(() => {
    hydrateRoot(container, <Committed onCommit={onCommit}>{app}</Committed>, {
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

/** Calls `onCommit` once, when the root's first render has committed (no markup of its own). */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after the first commit
  useEffect(onCommit, []);
  return children;
}
