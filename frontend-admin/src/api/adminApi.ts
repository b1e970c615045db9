import type {
  DefinitionsFromApi,
  FetchBaseQueryError,
  FetchBaseQueryMeta,
  OverrideResultType,
} from '@reduxjs/toolkit/query/react';
import type { Dispatch } from '@reduxjs/toolkit';
import type { AdminUserDto, CurrentAdminDto, paths } from 'contract/api-types';
import { announceCatalogChange } from 'frontend-common';
import { fileNameFromDisposition, saveBlob } from '../features/backup/download';
import { reportUnauthorized } from './baseApi';
import { generatedApi } from './generated';

export { reportUnauthorized };

type GeneratedDefinitions = DefinitionsFromApi<typeof generatedApi>;
/** getMe answers null while nobody is logged in (baseApi.ts turns its 401 into null). */
type Definitions = Omit<GeneratedDefinitions, 'getMe'> & {
  getMe: OverrideResultType<GeneratedDefinitions['getMe'], CurrentAdminDto | null>;
};

/** The generated endpoints with their cache tags: saving or deleting invalidates the lists that changed. */
const taggedApi = generatedApi.enhanceEndpoints<
  'Me' | 'AuthStatus' | 'Shop' | 'User' | 'Backup' | 'Activity' | 'Session' | 'SecondFactor' | 'Passkey',
  Definitions
>({
  addTagTypes: [
    'Me',
    'AuthStatus',
    'Shop',
    'User',
    'Backup',
    'Activity',
    'Session',
    'SecondFactor',
    'Passkey',
  ],
  endpoints: {
    getMe: { providesTags: ['Me'] },
    getAuthStatus: { providesTags: ['AuthStatus'] },
    /** The first admin from the login page; it does not log in, and the page stops offering it. */
    createAdmin: { invalidatesTags: ['User', 'AuthStatus'] },
    getAdminUsers: { providesTags: ['User'] },
    createAdminUser: { invalidatesTags: ['User'] },
    getMySessions: { providesTags: ['Session'] },
    endMySession: { invalidatesTags: ['Session', 'Activity'] },
    endMyOtherSessions: { invalidatesTags: ['Session', 'Activity'] },
    endAdminUserSessions: { invalidatesTags: ['Activity'] },
    getMyPasskeys: { providesTags: ['Passkey'] },
    // A passkey is a second factor too.
    addPasskey: { invalidatesTags: (_r, error) => (error ? [] : ['Passkey', 'SecondFactor', 'Activity']) },
    // Removing a passkey ends one's other sessions.
    removePasskey: { invalidatesTags: ['Passkey', 'SecondFactor', 'Session', 'Activity'] },
    // A passkey's "last used" moves on.
    reauthenticateWithPasskey: { invalidatesTags: (_r, error) => (error ? [] : ['Passkey']) },
    // A new password ends one's other sessions.
    changePassword: { invalidatesTags: ['Session', 'Activity'] },
    getMySecondFactors: { providesTags: ['SecondFactor'] },
    // Me is asked again only once the recovery codes were seen (EnrolmentPage), or the page
    // that shows them would give way to the dashboard at once.
    confirmTotpEnrolment: { invalidatesTags: ['SecondFactor', 'Activity'] },
    // Removing a factor ends one's other sessions.
    removeTotp: { invalidatesTags: ['SecondFactor', 'Session', 'Activity'] },
    setMfaPolicy: { invalidatesTags: ['SecondFactor', 'Activity'] },
    resetAdminUserSecondFactors: { invalidatesTags: ['Activity'] },
    // Invalidated by hand in onQueryStarted below: after deleting one's own account the list
    // would be asked again without a session (a 401 and the "session ended" login screen).
    deleteAdminUser: {},
    getAdminShops: { providesTags: [{ type: 'Shop', id: 'LIST' }] },
    bulkShops: {
      invalidatesTags: (_r, error, { ids }) =>
        error
          ? []
          : [
              { type: 'Shop', id: 'LIST' },
              ...ids.map((id) => ({ type: 'Shop' as const, id })),
              'Backup',
              'Activity',
            ],
    },
    getShop: { providesTags: (_r, _e, id) => [{ type: 'Shop', id }] },
    getVerificationPeriods: { providesTags: (_r, _e, id) => [{ type: 'Shop', id }] },
    createShop: { invalidatesTags: [{ type: 'Shop', id: 'LIST' }, 'Backup', 'Activity'] },
    updateShop: {
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Shop', id: 'LIST' },
        { type: 'Shop', id },
        'Backup',
        'Activity',
      ],
    },
    deleteShop: {
      invalidatesTags: (_r, _e, id) => [
        { type: 'Shop', id: 'LIST' },
        { type: 'Shop', id },
        'Backup',
        'Activity',
      ],
    },
    getBackupStats: { providesTags: ['Backup'] },
    listStoredBackups: { providesTags: ['Backup'] },
    // A preview changes nothing; a restore changes the shops, the statistics and the log.
    restoreStoredBackup: {
      invalidatesTags: (_r, error, { dryRun }) =>
        error || dryRun === 'true' ? [] : [{ type: 'Shop', id: 'LIST' }, 'Shop', 'Backup', 'Activity'],
    },
    // Every change writes an entry: the pages that show the log ask again when they open.
    getActivity: { providesTags: ['Activity'] },
  },
});

/** After a shop is saved or deleted, the directory remote of this page drops its stale lists. */
async function announceWhenDone(_arg: unknown, { queryFulfilled }: { queryFulfilled: Promise<unknown> }) {
  try {
    await queryFulfilled;
    announceCatalogChange();
  } catch {
    // nothing changed
  }
}

/** After a login (password or passkey): the admin is known, and calls that failed meanwhile are asked again. */
async function loggedInWhenDone(
  _arg: unknown,
  { dispatch, queryFulfilled }: { dispatch: Dispatch; queryFulfilled: Promise<{ data: AdminUserDto }> },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(taggedApi.util.upsertQueryData('getMe', undefined, data) as never);
    // Calls that failed while the session was gone are asked again now.
    dispatch(taggedApi.util.invalidateTags(['Shop', 'User', 'Backup', 'Passkey', 'Session']));
  } catch {
    // the screen shows the failure
  }
}

/** After the second step (a code or a passkey): logged in, and the login page stops waiting for it. */
async function loggedInAfterSecondStep(
  arg: unknown,
  api: { dispatch: Dispatch; queryFulfilled: Promise<{ data: AdminUserDto }> },
) {
  await loggedInWhenDone(arg, api);
  api.queryFulfilled.then(
    () => api.dispatch(taggedApi.util.invalidateTags(['AuthStatus'])),
    () => undefined,
  );
}

export type BackupKind = 'full' | 'data';

/** Reads an error body as JSON when it is JSON, as text otherwise (downloads answer with a blob). */
async function errorBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The admin API: the generated endpoints, tagged, plus what a generator cannot write. */
export const adminApi = taggedApi
  .enhanceEndpoints({
    endpoints: {
      createShop: { onQueryStarted: announceWhenDone },
      updateShop: { onQueryStarted: announceWhenDone },
      deleteShop: { onQueryStarted: announceWhenDone },
      deleteAdminUser: {
        async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
          const me = taggedApi.endpoints.getMe.select()(getState() as never).data;
          try {
            await queryFulfilled;
          } catch {
            return; // the screen shows the failure
          }
          // Deleting one's own account ended this session on the server:
          // the page goes to the login screen and forgets the session, nothing is asked again.
          if (me?.id !== id) dispatch(taggedApi.util.invalidateTags(['User']));
        },
      },
      login: {
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            // The password was right but a code is still to come: the login page asks for it.
            if (data.pendingStep === 'second-factor') {
              dispatch(taggedApi.util.invalidateTags(['AuthStatus']));
              return;
            }
            dispatch(taggedApi.util.upsertQueryData('getMe', undefined, data));
            // Calls that failed while the session was gone are asked again now.
            dispatch(taggedApi.util.invalidateTags(['Shop', 'User', 'Backup', 'Passkey', 'Session']));
          } catch {
            // the screen shows the failure
          }
        },
      },
      verifySecondFactor: { onQueryStarted: loggedInAfterSecondStep },
      verifySecondFactorPasskey: { onQueryStarted: loggedInAfterSecondStep },
      signInWithPasskey: { onQueryStarted: loggedInWhenDone },
    },
  })
  .injectEndpoints({
    endpoints: (build) => ({
      /**
       * Downloads a backup and saves it under the server's dated file name. Only the name goes
       * into the store; the file itself goes straight to the browser's download.
       */
      downloadBackup: build.mutation<{ fileName: string; missingImages?: number }, BackupKind>({
        queryFn: async (kind, _api, _extra, query) => {
          let blob: Blob | undefined;
          const result = await query({
            url: `/api/admin/backup/${kind}` satisfies keyof paths,
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
          const saved = blob ?? new Blob([]);
          saveBlob(saved, fileName);
          // The manifest is written last, so only the finished file can say whether images
          // were already lost before the backup began (the admin is told on the page).
          // The ZIP reader comes with the first full backup, not with the dashboard.
          const missingImages =
            kind === 'full'
              ? (await (await import('../features/backup/zipManifest')).readBackupManifest(saved))
                  ?.missingImages
              : undefined;
          return { data: { fileName, missingImages } };
        },
        invalidatesTags: (_r, error) => (error ? [] : ['Backup']),
      }),
      /** Saves a stored backup under its own name (fetched with the session, like the others). */
      downloadStoredBackup: build.mutation<{ fileName: string }, string>({
        queryFn: async (name, _api, _extra, query) => {
          let blob: Blob | undefined;
          const result = await query({
            url: `/api/admin/backup/stored/${encodeURIComponent(name)}`,
            responseHandler: async (response) => {
              if (!response.ok) return errorBody(response);
              blob = await response.blob();
              return null;
            },
          });
          if (result.error) return { error: result.error as FetchBaseQueryError };
          saveBlob(blob ?? new Blob([]), name);
          return { data: { fileName: name } };
        },
      }),
      /** Saves a shop's certificate (PDF, made on demand) under the server's file name. */
      downloadCertificate: build.mutation<{ fileName: string }, { id: string; paper: 'a4' | 'letter' }>({
        queryFn: async ({ id, paper }, _api, _extra, query) => {
          let blob: Blob | undefined;
          const result = await query({
            url: `/api/admin/shops/${encodeURIComponent(id)}/certificate`,
            params: { paper },
            responseHandler: async (response) => {
              if (!response.ok) return errorBody(response);
              blob = await response.blob();
              return null;
            },
          });
          if (result.error) return { error: result.error as FetchBaseQueryError };
          const fileName =
            fileNameFromDisposition(
              (result.meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('Content-Disposition'),
            ) ?? `atm-certificado-${paper}.pdf`;
          saveBlob(blob ?? new Blob([]), fileName);
          return { data: { fileName } };
        },
      }),
      /** Downloads every shop as CSV and saves it under the server's dated file name. */
      downloadShopsCsv: build.mutation<{ fileName: string }, 'comma' | 'semicolon'>({
        queryFn: async (delimiter, _api, _extra, query) => {
          let blob: Blob | undefined;
          const result = await query({
            url: '/api/admin/shops/export.csv' satisfies keyof paths,
            params: { delimiter },
            responseHandler: async (response) => {
              if (!response.ok) return errorBody(response);
              blob = await response.blob();
              return null;
            },
          });
          if (result.error) return { error: result.error as FetchBaseQueryError };
          const fileName =
            fileNameFromDisposition(
              (result.meta as FetchBaseQueryMeta | undefined)?.response?.headers.get('Content-Disposition'),
            ) ?? `atm-directory-shops-${new Date().toISOString().slice(0, 10)}.csv`;
          saveBlob(blob ?? new Blob([]), fileName);
          return { data: { fileName } };
        },
      }),
    }),
  });

/**
 * After a logout: nothing of the back office stays in memory for the next person at this
 * computer, and the current user is known to be absent (no spinner, no new /me call).
 */
export function forgetSession(dispatch: Dispatch): void {
  dispatch(adminApi.util.resetApiState());
  reportUnauthorized(dispatch);
}

export const {
  useGetMeQuery,
  useGetAuthStatusQuery,
  useLoginMutation,
  useLogoutMutation,
  useReauthenticateMutation,
  useCreateAdminMutation,
  useChangePasswordMutation,
  useGetAdminUsersQuery,
  useCreateAdminUserMutation,
  useResetAdminUserPasswordMutation,
  useDeleteAdminUserMutation,
  useEndAdminUserSessionsMutation,
  useGetMySessionsQuery,
  useEndMySessionMutation,
  useEndMyOtherSessionsMutation,
  useGetMyPasskeysQuery,
  useGetPasskeyRegistrationOptionsMutation,
  useAddPasskeyMutation,
  useRemovePasskeyMutation,
  useGetPasskeyAuthenticationOptionsMutation,
  useSignInWithPasskeyMutation,
  useReauthenticateWithPasskeyMutation,
  useGetSecondFactorPasskeyOptionsMutation,
  useVerifySecondFactorPasskeyMutation,
  useGetAdminShopsQuery,
  useBulkShopsMutation,
  useGetShopQuery,
  useGetVerificationPeriodsQuery,
  useCreateShopMutation,
  useUpdateShopMutation,
  useDeleteShopMutation,
  useCreateUploadMutation,
  useGetBackupStatsQuery,
  useDownloadBackupMutation,
  useListStoredBackupsQuery,
  usePreviewStoredBackupRestoreMutation,
  useRestoreStoredBackupMutation,
  useDownloadStoredBackupMutation,
  useDownloadShopsCsvMutation,
  useDownloadCertificateMutation,
  useGetActivityQuery,
  useVerifySecondFactorMutation,
  useGetMySecondFactorsQuery,
  useStartTotpEnrolmentMutation,
  useConfirmTotpEnrolmentMutation,
  useRemoveTotpMutation,
  useSetMfaPolicyMutation,
  useResetAdminUserSecondFactorsMutation,
  usePrefetch,
} = adminApi;
