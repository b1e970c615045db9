import { startTransition } from 'react';
import { yieldToMain } from 'frontend-common';
import { registerRuntimeRemotes } from './app/remotes';
import { readRuntimeConfig } from './app/runtimeConfig';
import { readServerPage, SERVER_RENDER_ERROR } from './app/serverPage';

async function start() {
  const config = readRuntimeConfig();
  // A page the server rendered (the public pages) is in its URL's language, and React's first
  // render must be in that language too; the admin has one URL and starts in the remembered one.
  const server = readServerPage();
  // Start-up in steps, each its own task: on a slow phone one piece was a long task. Both
  // downloads start now; each module graph is evaluated when its files arrive.
  const reactDom = import('react-dom/client');
  await yieldToMain();
  const shell = import('./start');
  const { createRoot, hydrateRoot } = await reactDom;
  await yieldToMain();
  const { startI18n, shellElement } = await shell;
  // Only once the shell's shared modules are loaded: registered earlier, the federation runtime
  // initialises every registered remote to compare their versions (it fetched the admin's too).
  registerRuntimeRemotes(config.remotes);
  await yieldToMain();
  startI18n(server);
  await yieldToMain();
  const app = shellElement(config, server);
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
}

void start();
