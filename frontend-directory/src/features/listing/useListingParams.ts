import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ALL, type ShopFilters } from './filterShops';

type FilterKey = keyof ShopFilters;
const FILTER_KEYS: FilterKey[] = ['q', 'category', 'city', 'state'];
interface OpenedHere {
  atmShopOpenedFromList?: boolean;
}

/**
 * The listing's state lives in the URL (`?q=&category=&city=&state=&page=&shop=`) so links can
 * be shared and the back button works. Opening a shop pushes an entry; closing goes back when
 * that entry was ours (so the phone's back button also closes the dialog) and otherwise
 * replaces the URL with the listing at `basePath` (the path the shell mounted it at).
 */
export function useListingParams(basePath: string) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();

  const q = params.get('q') ?? '';
  const category = params.get('category') || ALL;
  const city = params.get('city') || ALL;
  const state = params.get('state') || ALL;
  // The same object until a filter changes, so another parameter (page, shop, sort, view) does
  // not filter 10,000 shops again.
  const filters = useMemo<ShopFilters>(() => ({ q, category, city, state }), [q, category, city, state]);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const shopId = params.get('shop');

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
    FILTER_KEYS.forEach((key) => next.delete(key));
    next.delete('page');
    setParams(next);
  }, [params, setParams]);

  const setPage = useCallback(
    (value: number) => {
      const next = new URLSearchParams(params);
      if (value <= 1) next.delete('page');
      else next.set('page', String(value));
      setParams(next);
    },
    [params, setParams],
  );

  const openShop = useCallback(
    (id: string) => {
      const next = new URLSearchParams(params);
      next.set('shop', id);
      setParams(next, { state: { atmShopOpenedFromList: true } satisfies OpenedHere });
    },
    [params, setParams],
  );

  const closeShop = useCallback(() => {
    if ((location.state as OpenedHere | null)?.atmShopOpenedFromList) {
      navigate(-1);
      return;
    }
    const next = new URLSearchParams(params);
    next.delete('shop');
    const search = next.toString();
    navigate({ pathname: basePath, search: search ? `?${search}` : '' }, { replace: true });
  }, [basePath, location.state, navigate, params]);

  return { filters, page, shopId, setFilter, clearFilters, setPage, openShop, closeShop };
}
