import { generatedApi } from './generated';

/** The generated endpoints this remote uses, with their cache tags. */
export const shopsApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['Shop'],
  endpoints: {
    getShops: { providesTags: ['Shop'] },
    getShopListing: { providesTags: ['Shop'] },
    getShopCategories: { providesTags: ['Shop'] },
    getShopCities: { providesTags: ['Shop'] },
    getShopStates: { providesTags: ['Shop'] },
    getShopBySlug: { providesTags: ['Shop'] },
  },
});

export const {
  useGetShopsQuery,
  useGetShopListingQuery,
  useGetShopCategoriesQuery,
  useGetShopCitiesQuery,
  useGetShopStatesQuery,
  useGetShopBySlugQuery,
  useSuggestShopCorrectionMutation,
  useRequestShopListingMutation,
  useCreateQuarantinedUploadMutation,
  usePrefetch,
} = shopsApi;
