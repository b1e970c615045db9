import { pageOf, toggleValues } from 'contract';
import { checkedListingQuery, listingFilters } from '../shops/dto/shop-listing.dto.js';
import type { ListingResultsCache } from '../shops/listing-results.js';
import type { ShopDto } from '../shops/dto/shop.dto.js';
import type { ShopCatalog } from '../shops/shops.service.js';

/** The filters a listing URL shares with `GET /api/shops/listing`, refused by the same rules. */
const CHECKED_PARAMS = ['q', 'category', 'city', 'state'] as const;

/** A listing page's request once checked: its results, and its query with the page it shows. */
export interface CheckedListing {
  shops: readonly ShopDto[];
  /** The page of `shops` the URL shows. */
  shown: { items: ShopDto[]; page: number; pageCount: number };
  params: URLSearchParams;
  /** Whether `params` names another page than the URL did (the URL is otherwise kept as sent). */
  pageMoved: boolean;
}

/** Reads a listing URL as the API does (its 400 too), so a page costs no more; `page` is clamped. */
export async function checkListing(
  params: URLSearchParams,
  catalog: ShopCatalog,
  results: ListingResultsCache,
): Promise<CheckedListing> {
  const present: Record<string, string> = {};
  for (const name of CHECKED_PARAMS) {
    const value = params.get(name);
    if (value !== null) present[name] = value;
  }
  const query = await checkedListingQuery(present);
  const filters = { ...listingFilters(query), ...toggleValues((param) => params.get(param)) };
  const { shops } = await results.resultsFor(catalog, filters);
  const asked = params.get('page');
  const shown = pageOf(shops, asked === null ? 1 : Number.parseInt(asked, 10) || 1);
  const pageMoved = asked !== null && String(shown.page) !== asked;
  // Set in place, so the order of the other parameters (and the pager's links) stays the URL's.
  if (pageMoved) params.set('page', String(shown.page));
  return { shops, shown, params, pageMoved };
}
