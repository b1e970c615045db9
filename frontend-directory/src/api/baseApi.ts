import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The public directory API's settings. Its endpoints are generated from the backend's OpenAPI
 * document into generated.ts (`npm run contract:generate`); shopsApi.ts adds the cache tags.
 *
 * Visitors on slow phones pay for every request, so data loaded once stays for the visit: no
 * retries (fetchBaseQuery never retries unless wrapped in `retry`), no refetch on focus,
 * reconnect or mount, no polling, cache kept for a day.
 */
export const baseApi = createApi({
  reducerPath: 'shopsApi',
  // No baseUrl: the generated endpoints carry the document's full paths (`/api/shops`).
  baseQuery: fetchBaseQuery({ credentials: 'include' }),
  keepUnusedDataFor: 24 * 60 * 60,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});
