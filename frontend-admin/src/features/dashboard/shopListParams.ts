import { ADMIN_SHOP_LIST_DEFAULTS } from 'contract';
import type { GetAdminShopsApiArg } from '../../api/generated';

export type ShopSort = NonNullable<GetAdminShopsApiArg['sort']>;
export type SortOrder = NonNullable<GetAdminShopsApiArg['order']>;
export type VerifiedFilter = 'all' | 'true' | 'false';
/** The certificates the dashboard's counts filter by: ending within 30 days, or ended. */
export type VerificationFilter = 'all' | NonNullable<GetAdminShopsApiArg['verification']>;

/** The dashboard's list as the URL names it (so back, forward and a shared link restore it). */
export interface ShopListParams {
  page: number;
  pageSize: number;
  sort: ShopSort;
  order: SortOrder;
  q: string;
  verified: VerifiedFilter;
  verification: VerificationFilter;
  category: string;
  state: string;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export const DEFAULT_PARAMS: ShopListParams = {
  ...ADMIN_SHOP_LIST_DEFAULTS,
  q: '',
  verified: 'all',
  verification: 'all',
  category: '',
  state: '',
};

const SORTS: readonly ShopSort[] = ['name', 'city', 'updatedAt', 'verified'];

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** Reads the list's state from the URL; anything missing or malformed takes its default. */
export function parseShopListParams(search: URLSearchParams): ShopListParams {
  const page = Number(search.get('page'));
  const pageSize = Number(search.get('pageSize'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_PARAMS.page,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PARAMS.pageSize,
    sort: oneOf(search.get('sort'), SORTS, DEFAULT_PARAMS.sort),
    order: oneOf(search.get('order'), ['asc', 'desc'], DEFAULT_PARAMS.order),
    q: search.get('q') ?? '',
    verified: oneOf(search.get('verified'), ['all', 'true', 'false'], 'all'),
    verification: oneOf(search.get('verification'), ['all', 'expiring', 'expired'], 'all'),
    category: search.get('category') ?? '',
    state: search.get('state') ?? '',
  };
}

/** The state after `changes`: a change of filter or order goes back to the first page. */
export function nextShopListParams(before: ShopListParams, changes: Partial<ShopListParams>): ShopListParams {
  const next = { ...before, ...changes };
  const filterChanged = (Object.keys(changes) as (keyof ShopListParams)[]).some(
    (key) => key !== 'page' && changes[key] !== before[key],
  );
  if (filterChanged && changes.page === undefined) next.page = 1;
  return next;
}

/** The URL's query for a state: only what differs from the defaults, so /admin stays /admin. */
export function shopListSearch(params: ShopListParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_PARAMS) as (keyof ShopListParams)[]) {
    if (params[key] !== DEFAULT_PARAMS[key]) search.set(key, String(params[key]));
  }
  return search;
}

/** The API's query for a state (filters that are off are left out). */
export function shopListQuery(params: ShopListParams): GetAdminShopsApiArg {
  return {
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    order: params.order,
    ...(params.q.trim() ? { q: params.q.trim() } : {}),
    ...(params.verified !== 'all' ? { verified: params.verified } : {}),
    ...(params.verification !== 'all' ? { verification: params.verification } : {}),
    ...(params.category ? { category: params.category } : {}),
    ...(params.state ? { state: params.state } : {}),
  };
}
