import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { initI18n, languageOfPath } from 'frontend-common';
import { App } from './App';
import { loadRemoteApp } from './app/remotes';
import type { RuntimeConfig } from './app/runtimeConfig';
import type { ServerPageData } from './app/serverPage';
import { registerShellTranslations } from './i18n';

/** The shell's i18n, in the page's language (a server-rendered page is in its URL's). */
export function startI18n(server: ServerPageData | null): void {
  initI18n(server ? languageOfPath(window.location.pathname) : undefined);
  registerShellTranslations();
}

/** The shell's whole tree, as the server rendered it (src/server.tsx) on a server-rendered page. */
export function shellElement(config: RuntimeConfig, server: ServerPageData | null) {
  return (
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
}
