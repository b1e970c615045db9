import { configureStore } from '@reduxjs/toolkit';
import { adminApi } from '../api/adminApi';

/** This remote's own store (the shell has none to lend; the directory keeps its own). */
export function makeStore() {
  return configureStore({
    reducer: { [adminApi.reducerPath]: adminApi.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(adminApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

let pageStore: AppStore | undefined;
/** One store per page, so going to the public listing and back keeps the session and the lists. */
export function getPageStore(): AppStore {
  pageStore ??= makeStore();
  return pageStore;
}
