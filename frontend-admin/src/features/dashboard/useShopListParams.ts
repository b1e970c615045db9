import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  nextShopListParams,
  parseShopListParams,
  shopListSearch,
  type ShopListParams,
} from './shopListParams';

/**
 * The dashboard list's state, kept in the URL. A change of filter or order goes back to the
 * first page; `replace` is for changes that should not each become a history entry (typing).
 * `onChange` hears the new state before the URL changes, so its request can start before React
 * renders the page for the new URL.
 */
export function useShopListParams(onChange?: (next: ShopListParams) => void) {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseShopListParams(search), [search]);
  // React Router makes a new setSearchParams whenever the query changes; `update` stays the same
  // function so that what depends on it (the memoized table) is not rendered again for nothing.
  const latest = useRef({ params, setSearch, onChange });
  useLayoutEffect(() => {
    latest.current = { params, setSearch, onChange };
  });
  const update = useCallback((changes: Partial<ShopListParams>, { replace = false } = {}) => {
    const next = nextShopListParams(latest.current.params, changes);
    latest.current.onChange?.(next);
    latest.current.setSearch(shopListSearch(next), { replace });
  }, []);
  return [params, update] as const;
}
