import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { initI18n } from 'frontend-common';
import { App } from './App';
import { loadRemoteApp, registerRuntimeRemotes } from './app/remotes';
import { readRuntimeConfig } from './app/runtimeConfig';
import { registerShellTranslations } from './i18n';

const config = readRuntimeConfig();
initI18n();
registerShellTranslations();
registerRuntimeRemotes(config.remotes);

// A transition: React renders the first page in slices of a few milliseconds, yielding between
// them, instead of one long task that blocks a slow phone (Lighthouse's Total Blocking Time).
// The static frame of index.html stays on screen until the result commits.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App loadRemote={loadRemoteApp} siteDomain={config.siteDomain} />
      </BrowserRouter>
    </StrictMode>,
  ),
);
