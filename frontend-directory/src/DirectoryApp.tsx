import { useState } from 'react';
import { Provider } from 'react-redux';
import { getPageStore, type AppStore } from './app/store';
import { ListingPage } from './features/listing/ListingPage';
import { registerDirectoryTranslations } from './i18n';

registerDirectoryTranslations();

export interface DirectoryAppProps {
  /** The path the shell mounted the listing at ('/' or '/shops'); the remote never owns a router. */
  basePath?: string;
  /** For tests: a fresh store instead of the page's one. */
  store?: AppStore;
}

/**
 * The exposed entry of the directory remote (`directory/App`). It renders inside the shell's
 * router and brings its own Redux store. The listing itself is plain markup; antd (not a shared
 * module, see frontend-shell/README.md) comes only with the shop dialog, with its own provider.
 */
export default function DirectoryApp({ basePath = '/', store }: DirectoryAppProps) {
  const [ownStore] = useState(() => store ?? getPageStore());
  return (
    <Provider store={ownStore}>
      <ListingPage basePath={basePath} />
    </Provider>
  );
}
