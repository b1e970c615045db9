import { adminApi } from '../../api/adminApi';
import { announceCatalogChange } from 'frontend-common';

/**
 * The queue's endpoints with their cache tags: a decision refreshes the queue and its count, and
 * an approval also the shop lists, the backup statistics and the activity log it wrote to.
 */
export const requestsApi = adminApi.enhanceEndpoints({
  addTagTypes: ['Request'],
  endpoints: {
    getAdminRequests: { providesTags: ['Request'] },
    getAdminRequest: { providesTags: ['Request'] },
    getPendingRequestCount: { providesTags: ['Request'] },
    approveRequest: {
      invalidatesTags: (_r, error) =>
        error ? ['Request'] : ['Request', { type: 'Shop', id: 'LIST' }, 'Shop', 'Backup', 'Activity'],
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          await queryFulfilled;
          announceCatalogChange();
        } catch {
          // nothing changed
        }
      },
    },
    rejectRequest: { invalidatesTags: ['Request'] },
    markRequestsAsSpam: { invalidatesTags: ['Request'] },
  },
});

export const {
  useGetAdminRequestsQuery,
  useGetAdminRequestQuery,
  useGetPendingRequestCountQuery,
  useApproveRequestMutation,
  useRejectRequestMutation,
  useMarkRequestsAsSpamMutation,
} = requestsApi;
