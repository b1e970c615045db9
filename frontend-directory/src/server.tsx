// The directory's server-side entry, built for Node into dist-ssr/directory.cjs (webpack.config.mjs)
// and loaded by the backend: the same components the remote exposes to browsers, plus what the
// server needs to build a page's data. React, the router, Redux and i18next are not bundled
// (required from node_modules), so the shell's server bundle and this one share them, as Module
// Federation's singletons do in the browser.
import { useState } from 'react';
import { makeStore } from './app/store';
import DirectoryApp, { type DirectoryAppProps } from './DirectoryApp';

export { listingSnapshot } from './app/snapshot';
export { drawnInBrowser } from './features/nearby/useNearbyParams';

/** The exposed App with a store of its own per render: requests never share state. */
export function ServerDirectoryApp(props: Omit<DirectoryAppProps, 'store'>) {
  const [store] = useState(makeStore);
  return <DirectoryApp {...props} store={store} />;
}
