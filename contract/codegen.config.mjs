// What `npm run contract:generate` writes for each remote: the RTK Query endpoints of the
// operations it calls (by operation id, the backend controller's method name), injected into
// the remote's own createApi (its `baseApi.ts`: base query, cache and refetch settings).
// A remote that needs another operation adds its id here and runs the generator.

/** @type {{ outputFile: string, apiFile: string, apiImport: string, operations: string[] }[]} */
export const REMOTE_ENDPOINTS = [
  {
    outputFile: 'frontend-directory/src/api/generated.ts',
    apiFile: './baseApi',
    apiImport: 'baseApi',
    operations: [
      'getShops',
      'getShopListing',
      'getShopCategories',
      'getShopCities',
      'getShopStates',
      'getShopBySlug',
      'suggestShopCorrection',
      'requestShopListing',
      'createQuarantinedUpload',
    ],
  },
  {
    outputFile: 'frontend-admin/src/api/generated.ts',
    apiFile: './baseApi',
    apiImport: 'baseApi',
    operations: [
      'getAuthStatus',
      'getMe',
      'login',
      'logout',
      'reauthenticate',
      'createAdmin',
      'changePassword',
      'getAdminUsers',
      'createAdminUser',
      'resetAdminUserPassword',
      'deleteAdminUser',
      'endAdminUserSessions',
      'getMySessions',
      'endMySession',
      'endMyOtherSessions',
      'getAdminShops',
      'bulkShops',
      'getShop',
      'createShop',
      'updateShop',
      'deleteShop',
      'createUpload',
      'getBackupStats',
      'listStoredBackups',
      'restoreStoredBackup',
      'getActivity',
      'getAdminRequests',
      'getPendingRequestCount',
      'approveRequest',
      'rejectRequest',
      'markRequestsAsSpam',
    ],
  },
];
