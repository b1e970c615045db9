import { ACTIVITY_KINDS, UUID_PATTERN } from 'contract';
import type { GetActivityApiArg } from '../../api/generated';

export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The activity page as the URL names it (so back, forward and a shared link restore it). */
export interface ActivityParams {
  page: number;
  pageSize: number;
  actor: string;
  kind: ActivityKind | '';
  /** Part of a shop's name. */
  shop: string;
  /** One shop's history (the link from its edit page). */
  shopId: string;
  /** Calendar days in the admin's own time zone, YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

export const ACTIVITY_PAGE_SIZES = [20, 50, 100] as const;

export const DEFAULT_ACTIVITY_PARAMS: ActivityParams = {
  page: 1,
  pageSize: 20,
  actor: '',
  kind: '',
  shop: '',
  shopId: '',
  from: '',
  to: '',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the page's state from the URL; anything missing or malformed takes its default. */
export function parseActivityParams(search: URLSearchParams): ActivityParams {
  const page = Number(search.get('page'));
  const pageSize = Number(search.get('pageSize'));
  const kind = search.get('kind') ?? '';
  const day = (name: string) => {
    const value = search.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  const shopId = search.get('shopId') ?? '';
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (ACTIVITY_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : 20,
    actor: search.get('actor') ?? '',
    kind: (ACTIVITY_KINDS as readonly string[]).includes(kind) ? (kind as ActivityKind) : '',
    shop: search.get('shop') ?? '',
    shopId: UUID_PATTERN.test(shopId.toLowerCase()) ? shopId : '',
    from: day('from'),
    to: day('to'),
  };
}

/** The URL's query for a state: only what differs from the defaults. */
export function activitySearch(params: ActivityParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_ACTIVITY_PARAMS) as (keyof ActivityParams)[]) {
    if (params[key] !== DEFAULT_ACTIVITY_PARAMS[key]) search.set(key, String(params[key]));
  }
  return search;
}

/** Midnight starting a calendar day in the browser's time zone, as an instant. */
function startOfDay(day: string, plusDays = 0): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date + plusDays).toISOString();
}

/** True when both days are set and the last comes before the first (the API would refuse it). */
export function datesReversed(params: Pick<ActivityParams, 'from' | 'to'>): boolean {
  return Boolean(params.from && params.to && params.to < params.from);
}

/**
 * The API's query for a state. The days are the admin's own: "from" starts at its local
 * midnight, "to" includes the whole day (the API's `to` is exclusive).
 */
export function activityQuery(params: ActivityParams): GetActivityApiArg {
  return {
    page: params.page,
    pageSize: params.pageSize,
    ...(params.actor.trim() ? { actor: params.actor.trim() } : {}),
    ...(params.kind ? { kind: params.kind } : {}),
    ...(params.shop.trim() ? { shop: params.shop.trim() } : {}),
    ...(params.shopId ? { shopId: params.shopId } : {}),
    ...(params.from ? { from: startOfDay(params.from) } : {}),
    ...(params.to ? { to: startOfDay(params.to, 1) } : {}),
  };
}
