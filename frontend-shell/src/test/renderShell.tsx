import { renderPage } from 'frontend-common/jest/render';
import { MemoryRouter } from 'react-router-dom';
import { initI18n } from 'frontend-common';
import { App } from '../App';
import type { RemoteLoader } from '../app/remotes';
import { registerShellTranslations } from '../i18n';

export const i18n = initI18n();
registerShellTranslations();

/** Renders the shell at `url` with a given remote loader (the MF runtime is the product's loader). */
export function renderShell(url: string, loadRemote: RemoteLoader) {
  return renderPage(
    <MemoryRouter initialEntries={[url]}>
      <App loadRemote={loadRemote} siteDomain="alianza.example" />
    </MemoryRouter>,
  );
}
