import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { Shop } from 'frontend-common';

/**
 * The public directory API. Visitors on slow phones pay for every request, so data loaded once
 * stays for the visit: no retries (fetchBaseQuery never retries unless wrapped in `retry`), no
 * refetch on focus, reconnect or mount, no polling, cache kept for a day.
 */
export const shopsApi = createApi({
  reducerPath: 'shopsApi',
  baseQuery: fetchBaseQuery({ baseUrl: '/api', credentials: 'include' }),
  keepUnusedDataFor: 24 * 60 * 60,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  tagTypes: ['Shop'],
  endpoints: (build) => ({
    getShops: build.query<Shop[], void>({ query: () => 'shops', providesTags: ['Shop'] }),
    getCategories: build.query<string[], void>({ query: () => 'shops/categories', providesTags: ['Shop'] }),
    getCities: build.query<string[], void>({ query: () => 'shops/cities', providesTags: ['Shop'] }),
    getStates: build.query<string[], void>({ query: () => 'shops/states', providesTags: ['Shop'] }),
  }),
});

export const { useGetShopsQuery, useGetCategoriesQuery, useGetCitiesQuery, useGetStatesQuery } = shopsApi;
