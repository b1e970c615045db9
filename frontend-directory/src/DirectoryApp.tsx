import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { getPageStore, type AppStore } from './app/store';
import type { DirectorySnapshot } from './app/snapshot';
import { ClockProvider } from './app/clock';
import { ListMyShopPage } from './features/list-my-shop/ListMyShopPage';
import { ListingPage } from './features/listing/ListingPage';
import { ShopPage } from './features/shop/ShopPage';
import { registerDirectoryTranslations } from './i18n';

registerDirectoryTranslations();

export interface DirectoryAppProps {
  /** The path the shell mounted the directory at ('/', '/shops', '/en/'...); the remote never owns a router. */
  basePath?: string;
  /** Which page: the listing, one shop's page (its slug is the route's `:slug`), or "List my shop". */
  view?: 'listing' | 'shop' | 'list-my-shop';
  /** The data the server rendered this page from (embedded in the page), if it did. */
  snapshot?: DirectorySnapshot;
  /** A store of one's own (tests, and one per request on the server) instead of the page's. */
  store?: AppStore;
  /** The shop whose detail dialog is open over the listing (the shell reads it from the URL). */
  dialogSlug?: string;
}

/**
 * The exposed entry of the directory remote (`directory/App`). It renders inside the shell's
 * router and brings its own Redux store. Plain markup only (no antd), so the server renders it
 * exactly as the browser does (src/server.ts, docs/architecture.md, "Server rendering").
 */
export default function DirectoryApp({ view = 'listing', snapshot, store, dialogSlug }: DirectoryAppProps) {
  const [ownStore] = useState(() => store ?? getPageStore());
  // `<html data-directory-hydrated>` says the directory's markup is live (effects run only once
  // hydration has committed): what the end-to-end journeys wait for before they type or press,
  // now that a server-rendered page makes no request that could tell them.
  useEffect(() => {
    document.documentElement.dataset.directoryHydrated = 'true';
    return () => void delete document.documentElement.dataset.directoryHydrated;
  }, []);
  return (
    <Provider store={ownStore}>
      <ClockProvider renderedAt={snapshot?.renderedAt} localTimes={snapshot?.localTimes}>
        {view === 'list-my-shop' ? (
          <ListMyShopPage />
        ) : view === 'shop' ? (
          <ShopPage snapshot={snapshot} />
        ) : (
          <ListingPage snapshot={snapshot} dialogSlug={dialogSlug} />
        )}
      </ClockProvider>
    </Provider>
  );
}
