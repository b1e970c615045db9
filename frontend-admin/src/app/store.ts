import { configureStore } from '@reduxjs/toolkit';
import { adminApi } from '../api/adminApi';

/** This remote's own store (the shell has none to lend; the directory keeps its own). */
export function makeStore() {
  return configureStore({
    reducer: { [adminApi.reducerPath]: adminApi.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(adminApi.middleware),
    // RTK Query's batched updates reach the screen at the end of the current task, not at the
    // next animation frame (the default): an answer's rows render up to a frame sooner.
    enhancers: (getDefaultEnhancers) => getDefaultEnhancers({ autoBatch: { type: 'tick' } }),
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
