import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseShopListParams, shopListSearch, type ShopListParams } from './shopListParams';

/**
 * The dashboard list's state, kept in the URL. A change of filter or order goes back to the
 * first page; `replace` is for changes that should not each become a history entry (typing).
 */
export function useShopListParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseShopListParams(search), [search]);
  const update = useCallback(
    (changes: Partial<ShopListParams>, { replace = false } = {}) => {
      setSearch(
        (current) => {
          const before = parseShopListParams(current);
          const next = { ...before, ...changes };
          const filterChanged = (Object.keys(changes) as (keyof ShopListParams)[]).some(
            (key) => key !== 'page' && changes[key] !== before[key],
          );
          if (filterChanged && changes.page === undefined) next.page = 1;
          return shopListSearch(next);
        },
        { replace },
      );
    },
    [setSearch],
  );
  return [params, update] as const;
}
