import { configureStore } from '@reduxjs/toolkit';
import { onCatalogChange } from 'frontend-common';
import { shopsApi } from '../api/shopsApi';

/** This remote's own store: the shell has none to lend, and the admin remote keeps its own. */
export function makeStore() {
  return configureStore({
    reducer: { [shopsApi.reducerPath]: shopsApi.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(shopsApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

/** Drops the store's shop lists whenever the admin remote changes shops in this page. */
export function followCatalogChanges(store: AppStore): () => void {
  return onCatalogChange(() => store.dispatch(shopsApi.util.invalidateTags(['Shop'])));
}

let pageStore: AppStore | undefined;
/**
 * One store per page, so leaving the listing (404, admin) and coming back keeps the cached data,
 * unless the admin changed shops meanwhile (it listens even while the listing is not shown).
 */
export function getPageStore(): AppStore {
  if (!pageStore) {
    pageStore = makeStore();
    followCatalogChanges(pageStore);
  }
  return pageStore;
}
