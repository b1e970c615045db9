import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import type { Dispatch } from '@reduxjs/toolkit';
import { needsReauthentication, requestReauthentication } from './reauthentication';

/*
 * The admin API's settings and its one session policy. The endpoints are generated from the
 * backend's OpenAPI document into generated.ts (`npm run contract:generate`); adminApi.ts adds
 * the cache tags and the hand-written download.
 */

// No baseUrl: the generated endpoints carry the document's full paths (`/api/admin/shops`).
const rawBaseQuery = fetchBaseQuery({ credentials: 'include' });

/**
 * The one place a lost session is handled: any 401 marks the current user as absent, so the
 * route guard shows the login screen (over the page, which stays mounted: see AuthGuard).
 * XHR calls (uploads, restore) report their 401s here too.
 */
export function reportUnauthorized(dispatch: Dispatch): void {
  // getMe is injected into this same api object by generated.ts, which imports this file, so
  // its type is not known here: the cache entry is written by name (a thunk, hence the cast).
  const noUser = baseApi.util.upsertQueryData('getMe' as never, undefined as never, null as never);
  dispatch(noUser as never);
}

const errorCodeOf = (body: unknown) =>
  body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  let result = await rawBaseQuery(args, api, extra);
  // A dangerous action without a recent password: ask for it, then send the action again.
  if (result.error?.status === 403 && needsReauthentication(result.error.data)) {
    if (await requestReauthentication()) result = await rawBaseQuery(args, api, extra);
  }
  // The policy requires a second factor this admin has not set up: getMe says so, and the
  // route guard shows the enrolment page instead of any other.
  if (result.error?.status === 403 && errorCodeOf(result.error.data) === 'SECOND_FACTOR_ENROLMENT_REQUIRED') {
    api.dispatch(baseApi.util.invalidateTags(['Me' as never]));
  }
  if (result.error?.status === 401) {
    // A 401 from getMe is its answer "nobody is logged in" (null), not an error; from login, a
    // wrong password; PASSKEY_REJECTED, a passkey not accepted. Anywhere else the session was lost.
    if (api.endpoint === 'getMe') return { data: null, meta: result.meta };
    const passkeyRejected =
      (result.error.data as { code?: unknown } | undefined)?.code === 'PASSKEY_REJECTED';
    if (api.endpoint !== 'login' && !passkeyRejected) reportUnauthorized(api.dispatch);
  }
  return result;
};

/**
 * Administrators edit what they see, so nothing is refetched behind their back: no retries, no
 * refetch on focus, reconnect or mount, no polling, data kept while the remote lives (a day).
 */
export const baseApi = createApi({
  reducerPath: 'adminApi',
  baseQuery,
  keepUnusedDataFor: 24 * 60 * 60,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  endpoints: () => ({}),
});
