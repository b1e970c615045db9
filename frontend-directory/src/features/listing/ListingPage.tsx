import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LISTING_PAGE_SIZE as PAGE_SIZE } from 'contract';
import { useDocumentTitle } from 'frontend-common';
import {
  useGetShopCategoriesQuery,
  useGetShopCitiesQuery,
  useGetShopsQuery,
  useGetShopStatesQuery,
} from '../../api/shopsApi';
import { FilterBar } from './FilterBar';
import { filterShops, prepareSearch, uniqueSorted } from './filterShops';
import { ShopCard } from './ShopCard';
import { Pager } from './Pager';
import { useListingParams } from './useListingParams';
import './listing.css';

// The dialog's code (antd Modal, the only antd on this page) downloads on first use, not before
// the listing is usable.
const ShopDetailModal = lazy(() => import(/* webpackPrefetch: true */ './ShopDetailModal'));

const SKELETON_CARDS = 6;

/**
 * Focus goes back to what opened the shop dialog (its card) once the dialog closes, however it
 * closes (Escape, the close button, the browser's Back). antd would do it after its closing
 * animation, but the dialog leaves the page at once when the URL stops naming the shop.
 * Returns the function to call as the dialog opens.
 */
function useFocusReturn(openShopId: string | null) {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (openShopId) return;
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) target.focus();
  }, [openShopId]);
  return () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
}

export function ListingPage({ basePath }: { basePath: string }) {
  const { t } = useTranslation('directory');
  useDocumentTitle(t('pageTitle'));
  const { filters, page, shopId, setFilter, clearFilters, setPage, openShop, closeShop } =
    useListingParams(basePath);
  const rememberOpener = useFocusReturn(shopId);
  const open = (id: string) => {
    rememberOpener();
    openShop(id);
  };
  const shops = useGetShopsQuery();
  const categories = useGetShopCategoriesQuery();
  const cities = useGetShopCitiesQuery();
  const states = useGetShopStatesQuery();

  // Typing stays responsive on slow phones: filtering the list may lag a frame behind the input.
  const deferredFilters = useDeferredValue(filters);
  // The cards of a newly arrived list render in a transition too: in slices that yield to the
  // phone, not in the one long task a store update would otherwise get.
  const all = useDeferredValue(shops.data);
  useEffect(() => (all ? prepareSearch(all) : undefined), [all]);
  const results = useMemo(() => (all ? filterShops(all, deferredFilters) : []), [all, deferredFilters]);
  const pageCount = Math.max(1, Math.ceil(results.length / PAGE_SIZE));
  const currentPage = Math.min(page, pageCount);
  const pageItems = results.slice((currentPage - 1) * PAGE_SIZE, currentPage * PAGE_SIZE);
  const selected = shopId ? all?.find((shop) => shop.id === shopId) : undefined;

  // The option endpoints are the source; the loaded list is the fallback if one of them fails.
  const options = useMemo(
    () => ({
      categories: categories.data ?? uniqueSorted((all ?? []).flatMap((s) => s.categories)),
      cities: cities.data ?? uniqueSorted((all ?? []).map((s) => s.city)),
      states: states.data ?? uniqueSorted((all ?? []).map((s) => s.state)),
    }),
    [all, categories.data, cities.data, states.data],
  );

  const changePage = (value: number) => {
    setPage(value);
    document.getElementById('atm-dir-results')?.scrollIntoView({ block: 'start' });
  };

  let body;
  if (shops.isLoading || (shops.data && !all)) {
    body = (
      <div className="atm-dir-grid" aria-busy="true" aria-label={t('list.loading')}>
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <div key={i} className="atm-dir-card atm-dir-skeleton" data-testid="shop-skeleton">
            <span className="atm-dir-skeleton__avatar" />
            <span className="atm-dir-skeleton__line" />
            <span className="atm-dir-skeleton__line" />
            <span className="atm-dir-skeleton__line atm-dir-skeleton__line--short" />
          </div>
        ))}
      </div>
    );
  } else if (shops.isError) {
    body = (
      <div className="atm-dir-message" role="alert">
        <h2>{t('error.title')}</h2>
        <p>{t('error.description')}</p>
        <button type="button" className="atm-dir-button" onClick={() => void shops.refetch()}>
          {t('error.retry')}
        </button>
      </div>
    );
  } else if (results.length === 0) {
    body = (
      <div className="atm-dir-message">
        <div className="atm-dir-message__icon" aria-hidden="true">
          🔍
        </div>
        <h2>{t('empty.title')}</h2>
        <p>{t('empty.description')}</p>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="atm-dir-grid" aria-label={t('list.label')}>
          {pageItems.map((shop) => (
            <li key={shop.id}>
              <ShopCard shop={shop} onOpen={open} />
            </li>
          ))}
        </ul>
        {pageCount > 1 && <Pager current={currentPage} pageCount={pageCount} onChange={changePage} />}
      </>
    );
  }

  return (
    <div className="atm-dir">
      <div className="atm-dir-main">
        <FilterBar
          filters={filters}
          categories={options.categories}
          cities={options.cities}
          states={options.states}
          resultCount={all ? results.length : null}
          onChange={setFilter}
          onClear={clearFilters}
        />
        <div id="atm-dir-results">{body}</div>
      </div>
      {selected && (
        <Suspense fallback={null}>
          <ShopDetailModal shop={selected} onClose={closeShop} />
        </Suspense>
      )}
    </div>
  );
}
