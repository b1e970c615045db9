import { StrictMode } from 'react';
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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App loadRemote={loadRemoteApp} siteDomain={config.siteDomain} />
    </BrowserRouter>
  </StrictMode>,
);
