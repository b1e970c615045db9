import { isActive, normalizeText, sameValue, searchTextOf, type ShopFilters } from 'contract';
import type { Shop } from 'frontend-common';

// The filters themselves live in the contract: the backend's `GET /api/shops/listing` and the
// server-rendered pages use the very same ones (contract/src/listing.js).
export {
  activeToggles,
  activeToggleValues,
  ALL,
  filterShops,
  isActive,
  LISTING_FILTER_PARAMS,
  LISTING_TOGGLES,
  matchesQuery,
  NO_FILTERS,
  sameValue,
  type ShopFilters,
} from 'contract';
export { normalizeText };

/**
 * Normalizes the shops' searchable text ahead of the first key press, a slice per task (the
 * browser handles input and paints in between), so neither the first render nor the first
 * key press pays for it all at once.
 * Returns a function that stops the work.
 */
export function prepareSearch(shops: readonly Shop[], sliceSize = 250): () => void {
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const step = () => {
    const end = Math.min(shops.length, next + sliceSize);
    for (; next < end; next++) searchTextOf(shops[next]);
    if (next < shops.length) timer = setTimeout(step, 0);
  };
  timer = setTimeout(step, 0);
  return () => clearTimeout(timer);
}

/** Sorted, de-duplicated option values (Spanish collation), e.g. when the option endpoints fail. */
export function uniqueSorted(values: Iterable<string>): string[] {
  return [...new Set(values)].filter(Boolean).sort((a, b) => a.localeCompare(b, 'es'));
}

/** The dropdown filters whose value names no known option (a stale or mistyped link). */
export function unknownFilters(
  filters: ShopFilters,
  options: { category: string[]; city: string[]; state: string[] },
): { key: 'category' | 'city' | 'state'; value: string }[] {
  return (['category', 'city', 'state'] as const)
    .filter(
      (key) => isActive(filters[key]) && !options[key].some((option) => sameValue(option, filters[key])),
    )
    .map((key) => ({ key, value: filters[key] }));
}
