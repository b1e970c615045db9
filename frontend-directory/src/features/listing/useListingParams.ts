import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { listingQuery } from '../../app/snapshot';
import { ALL, LISTING_FILTER_PARAMS, type ShopFilters } from './filterShops';

type FilterKey = keyof ShopFilters;

/**
 * The listing's state lives in the URL (`?q=&category=&city=&state=&page=`, and the toggles) so
 * links can be shared, the back button works, and the server renders the same page
 * (app/snapshot.ts).
 */
export function useListingParams() {
  const [params, setParams] = useSearchParams();
  const query = listingQuery(params);
  // The same object until a filter changes (the memo is keyed by their values in one string), so
  // another parameter (page, sort, view) does not filter 10,000 shops again.
  const values = JSON.stringify(LISTING_FILTER_PARAMS.map((key) => query.filters[key]));
  const filters = useMemo(() => {
    const list = JSON.parse(values) as string[];
    return Object.fromEntries(LISTING_FILTER_PARAMS.map((key, i) => [key, list[i]])) as ShopFilters;
  }, [values]);
  const page = query.page;

  const setFilter = useCallback(
    (key: FilterKey, value: string) => {
      const previous = params.get(key) ?? '';
      const next = new URLSearchParams(params);
      if (value === '' || value === ALL) next.delete(key);
      else next.set(key, value);
      next.delete('page');
      // Typing: the first key press makes a history entry, the following ones replace it.
      setParams(next, { replace: key === 'q' && previous !== '' && value !== '' });
    },
    [params, setParams],
  );

  const clearFilters = useCallback(() => {
    const next = new URLSearchParams(params);
    LISTING_FILTER_PARAMS.forEach((key) => next.delete(key));
    next.delete('page');
    setParams(next);
  }, [params, setParams]);

  /** Another page of these results, as a link target (a real link: it works without JavaScript). */
  const pageSearch = useCallback(
    (value: number) => {
      const next = new URLSearchParams(params);
      if (value <= 1) next.delete('page');
      else next.set('page', String(value));
      const search = next.toString();
      return { search: search ? `?${search}` : '' };
    },
    [params],
  );

  return { filters, page, setFilter, clearFilters, pageSearch };
}
