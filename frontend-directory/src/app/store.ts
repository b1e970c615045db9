import { configureStore } from '@reduxjs/toolkit';
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

let pageStore: AppStore | undefined;
/** One store per page, so leaving the listing (404, admin) and coming back keeps the cached data. */
export function getPageStore(): AppStore {
  pageStore ??= makeStore();
  return pageStore;
}
