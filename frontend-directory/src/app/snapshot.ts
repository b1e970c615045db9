import { ALL, filterShops, LISTING_FILTER_PARAMS, pageOf, toggleValues, type ShopFilters } from 'contract';
import type { DirectorySnapshot, ListingSnapshot, Shop } from 'frontend-common';

// The types are the shell's too (it reads them for the page's head): frontend-common/src/snapshot.ts.
export type { DirectorySnapshot, ListingSnapshot, ShopSnapshot } from 'frontend-common';

/** The listing's state as the URL carries it (`?q=&category=&city=&state=&page=`, and the toggles). */
export function listingQuery(params: URLSearchParams): { filters: ShopFilters; page: number } {
  return {
    filters: {
      q: params.get('q') ?? '',
      category: params.get('category') || ALL,
      city: params.get('city') || ALL,
      state: params.get('state') || ALL,
      ...toggleValues((param) => params.get(param)),
    },
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
}

export { pageOf };

/** The listing page the URL asks for, computed with the very filter the client uses. */
export function listingSnapshot(
  catalog: { shops: readonly Shop[]; categories: string[]; cities: string[]; states: string[] },
  params: URLSearchParams,
): ListingSnapshot {
  const { filters, page } = listingQuery(params);
  const results = filterShops(catalog.shops, filters);
  return {
    kind: 'listing',
    filters,
    ...pageOf(results, page),
    total: results.length,
    categories: catalog.categories,
    cities: catalog.cities,
    states: catalog.states,
  };
}

const sameFilters = (a: ShopFilters, b: ShopFilters) =>
  LISTING_FILTER_PARAMS.every((key) => a[key] === b[key]);

/** The snapshot when it is for exactly this URL's filters and page (the URL may have moved on since). */
export function snapshotFor(
  snapshot: DirectorySnapshot | undefined,
  filters: ShopFilters,
  page: number,
): ListingSnapshot | undefined {
  if (snapshot?.kind !== 'listing' || !sameFilters(snapshot.filters, filters)) return undefined;
  return Math.min(page, snapshot.pageCount) === snapshot.page ? snapshot : undefined;
}
