import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import type { Dispatch } from '@reduxjs/toolkit';
import type { AdminUser, BackupStats, Credentials, LoadedShop, ShopInput } from './types';
import { fileNameFromDisposition, saveBlob } from '../features/backup/download';
import type { Shop } from 'frontend-common';

const rawBaseQuery = fetchBaseQuery({ baseUrl: '/api', credentials: 'include' });

/** Calls where a 401 is an answer, not a lost session: wrong password, or "nobody is logged in". */
const OWN_401_ENDPOINTS = new Set(['login', 'getMe']);

/**
 * The one place a lost session is handled: any 401 marks the current user as absent, so the
 * route guard shows the login screen (over the page, which stays mounted: see AuthGuard).
 * XHR calls (uploads, restore) report their 401s here too.
 */
export function reportUnauthorized(dispatch: Dispatch): void {
  dispatch(adminApi.util.upsertQueryData('getMe', undefined, null) as never);
}

/**
 * After a logout: nothing of the back office stays in memory for the next person at this
 * computer, and the current user is known to be absent (no spinner, no new /me call).
 */
export function forgetSession(dispatch: Dispatch): void {
  dispatch(adminApi.util.resetApiState());
  reportUnauthorized(dispatch);
}

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  if (result.error?.status === 401 && !OWN_401_ENDPOINTS.has(api.endpoint)) reportUnauthorized(api.dispatch);
  return result;
};

/** Reads an error body as JSON when it is JSON, as text otherwise (downloads answer with a blob). */
async function errorBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export type BackupKind = 'full' | 'data';

/**
 * The admin API. Administrators edit what they see, so nothing is refetched behind their
 * back: no retries, no refetch on focus, reconnect or mount, no polling, data kept while the
 * remote lives (a day). Saving or deleting invalidates the lists that changed.
 */
export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery,
  keepUnusedDataFor: 24 * 60 * 60,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  tagTypes: ['Me', 'Shop', 'User', 'Backup'],
  endpoints: (build) => ({
    /** The logged-in admin, or null (a 401 here means "logged out", not an error). */
    getMe: build.query<AdminUser | null, void>({
      queryFn: async (_arg, _api, _extra, query) => {
        const result = await query('auth/me');
        if (result.error?.status === 401) return { data: null };
        if (result.error) return { error: result.error as FetchBaseQueryError };
        return { data: result.data as AdminUser };
      },
      providesTags: ['Me'],
    }),
    login: build.mutation<AdminUser, Credentials>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(adminApi.util.upsertQueryData('getMe', undefined, data));
          // Calls that failed while the session was gone are asked again now.
          dispatch(adminApi.util.invalidateTags(['Shop', 'User', 'Backup']));
        } catch {
          // the screen shows the failure
        }
      },
    }),
    /** After success the page calls `forgetSession` (see DashboardPage) once it has left. */
    logout: build.mutation<{ message: string }, void>({
      query: () => ({ url: 'auth/logout', method: 'POST' }),
    }),
    /** The first admin from the login page; it does not log in. */
    createAdmin: build.mutation<AdminUser, Credentials & { confirmPassword?: string }>({
      query: (body) => ({ url: 'auth/create-admin', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    changePassword: build.mutation<
      { message: string },
      { currentPassword: string; newPassword: string; confirmPassword: string }
    >({
      query: (body) => ({ url: 'auth/change-password', method: 'PUT', body }),
    }),

    getUsers: build.query<AdminUser[], void>({ query: () => 'admin/users', providesTags: ['User'] }),
    createUser: build.mutation<AdminUser, Credentials>({
      query: (body) => ({ url: 'admin/users', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    resetPassword: build.mutation<AdminUser, { id: string; newPassword: string; confirmPassword: string }>({
      query: ({ id, ...body }) => ({
        url: `admin/users/${encodeURIComponent(id)}/reset-password`,
        method: 'PUT',
        body,
      }),
    }),
    deleteUser: build.mutation<void, string>({
      query: (id) => ({ url: `admin/users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['User'],
    }),

    getShops: build.query<Shop[], void>({
      query: () => 'shops',
      providesTags: [{ type: 'Shop', id: 'LIST' }],
    }),
    getShop: build.query<LoadedShop, string>({
      query: (id) => `shops/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Shop', id }],
    }),
    createShop: build.mutation<Shop, ShopInput>({
      query: (body) => ({ url: 'admin/shops', method: 'POST', body }),
      invalidatesTags: [{ type: 'Shop', id: 'LIST' }, 'Backup'],
    }),
    updateShop: build.mutation<Shop, { id: string; shop: Partial<ShopInput> }>({
      query: ({ id, shop }) => ({ url: `admin/shops/${encodeURIComponent(id)}`, method: 'PUT', body: shop }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Shop', id: 'LIST' }, { type: 'Shop', id }, 'Backup'],
    }),
    deleteShop: build.mutation<void, string>({
      query: (id) => ({ url: `admin/shops/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Shop', id: 'LIST' }, { type: 'Shop', id }, 'Backup'],
    }),
    /** A signed URL to PUT one image to (the bytes go by XHR for progress: see upload.ts). */
    createUploadUrl: build.mutation<{ uploadURL: string }, 'logo' | 'map'>({
      query: (type) => ({ url: 'admin/upload', method: 'POST', body: { type } }),
    }),

    getBackupStats: build.query<BackupStats, void>({
      query: () => 'admin/backup/stats',
      providesTags: ['Backup'],
    }),
    /**
     * Downloads a backup and saves it under the server's dated file name. Only the name goes
     * into the store; the file itself goes straight to the browser's download.
     */
    downloadBackup: build.mutation<{ fileName: string }, BackupKind>({
      queryFn: async (kind, _api, _extra, query) => {
        let blob: Blob | undefined;
        const result = await query({
          url: `admin/backup/${kind}`,
          method: 'POST',
          responseHandler: async (response) => {
            if (!response.ok) return errorBody(response);
            blob = await response.blob();
            return null;
          },
        });
        if (result.error) return { error: result.error as FetchBaseQueryError };
        const fallback = `atm-directory-${kind === 'full' ? 'backup' : 'data'}-${new Date().toISOString().slice(0, 10)}.${kind === 'full' ? 'zip' : 'json'}`;
        const fileName =
          fileNameFromDisposition(
            (result.meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('Content-Disposition'),
          ) ?? fallback;
        saveBlob(blob ?? new Blob([]), fileName);
        return { data: { fileName } };
      },
      invalidatesTags: (_r, error) => (error ? [] : ['Backup']),
    }),
  }),
});

export const {
  useGetMeQuery,
  useLoginMutation,
  useLogoutMutation,
  useCreateAdminMutation,
  useChangePasswordMutation,
  useGetUsersQuery,
  useCreateUserMutation,
  useResetPasswordMutation,
  useDeleteUserMutation,
  useGetShopsQuery,
  useGetShopQuery,
  useCreateShopMutation,
  useUpdateShopMutation,
  useDeleteShopMutation,
  useCreateUploadUrlMutation,
  useGetBackupStatsQuery,
  useDownloadBackupMutation,
} = adminApi;
