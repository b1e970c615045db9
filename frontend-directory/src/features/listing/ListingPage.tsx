import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from 'frontend-common';
import {
  useGetShopCategoriesQuery,
  useGetShopCitiesQuery,
  useGetShopsQuery,
  useGetShopStatesQuery,
} from '../../api/shopsApi';
import { FilterBar } from './FilterBar';
import { ALL, filterShops, prepareSearch, uniqueSorted, unknownFilters } from './filterShops';
import { ShopCard } from './ShopCard';
import { Pager } from './Pager';
import { useReturnToCard } from './returnToCard';
import { useListingParams } from './useListingParams';
import { pageOf, snapshotFor, type DirectorySnapshot } from '../../app/snapshot';
import { NearbyControls } from '../nearby/NearbyControls';
import { useNearby } from '../nearby/useNearby';
import { MapView } from '../map/MapView';
import './listing.css';

const SKELETON_CARDS = 6;

export function ListingPage({ snapshot }: { snapshot?: DirectorySnapshot }) {
  const { t } = useTranslation('directory');
  const { filters, page, setFilter, clearFilters, pageSearch } = useListingParams();
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
  const filtered = useMemo(() => (all ? filterShops(all, deferredFilters) : []), [all, deferredFilters]);
  // "Near me": distance order and radius once a position is known; the map view (features/nearby, map).
  const nearby = useNearby(filtered);
  const results = nearby.results;
  // Until the whole list is here, the page the server rendered (if it is this URL's) is shown:
  // hydration finds the same markup, and the page works without waiting for every shop.
  const server = all ? undefined : snapshotFor(snapshot, filters, page);
  const shown = server ?? { ...pageOf(results, page), total: results.length };
  const grid = useRef<HTMLUListElement>(null);
  useReturnToCard(grid, nearby.view === 'map' ? 0 : shown.items.length);
  // The server's title for this page (frontend-shell/src/server/headTags.ts), again after a
  // navigation in the browser.
  useDocumentTitle(
    shown.page > 1
      ? `${t('pageTitle.listing')} · ${t('pageTitle.page', { page: shown.page })}`
      : t('pageTitle.listing'),
  );

  // The option endpoints are the source; the loaded list is the fallback if one of them fails.
  const options = useMemo(
    () => ({
      categories:
        categories.data ?? server?.categories ?? uniqueSorted((all ?? []).flatMap((s) => s.categories)),
      cities: cities.data ?? server?.cities ?? uniqueSorted((all ?? []).map((s) => s.city)),
      states: states.data ?? server?.states ?? uniqueSorted((all ?? []).map((s) => s.state)),
    }),
    [all, server, categories.data, cities.data, states.data],
  );

  const scrollToResults = () =>
    document.getElementById('atm-dir-results')?.scrollIntoView({ block: 'start' });

  let body;
  if (!server && (shops.isLoading || (shops.data && !all))) {
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
  } else if (!server && shops.isError) {
    body = (
      <div className="atm-dir-message" role="alert">
        <h2>{t('error.title')}</h2>
        <p>{t('error.description')}</p>
        <button type="button" className="atm-dir-button" onClick={() => void shops.refetch()}>
          {t('error.retry')}
        </button>
      </div>
    );
  } else if (shown.total === 0) {
    // A link may name a category (city, state) the directory does not have (issue 15, defect 10).
    const unknown = unknownFilters(filters, {
      category: options.categories,
      city: options.cities,
      state: options.states,
    });
    body = (
      <div className="atm-dir-message">
        <div className="atm-dir-message__icon" aria-hidden="true">
          🔍
        </div>
        <h2>{t('empty.title')}</h2>
        {unknown.length === 0 ? (
          <p>{t('empty.description')}</p>
        ) : (
          unknown.map(({ key, value }) => (
            <p key={key} data-testid={`unknown-${key}`}>
              {t(`unknownFilter.${key}`, { value })}{' '}
              <button type="button" className="atm-dir-button" onClick={() => setFilter(key, ALL)}>
                {t(`unknownFilter.clear.${key}`)}
              </button>
            </p>
          ))
        )}
      </div>
    );
  } else if (nearby.view === 'map') {
    body = <MapView shops={results} position={nearby.position} />;
  } else {
    body = (
      <>
        <ul ref={grid} className="atm-dir-grid" aria-label={t('list.label')}>
          {shown.items.map((shop) => (
            <li key={shop.id}>
              <ShopCard shop={shop} distance={nearby.distanceLabel(shop)} />
            </li>
          ))}
        </ul>
        {shown.pageCount > 1 && (
          <Pager
            current={shown.page}
            pageCount={shown.pageCount}
            hrefOf={pageSearch}
            onNavigate={scrollToResults}
          />
        )}
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
          resultCount={server || all ? shown.total : null}
          onChange={setFilter}
          onClear={clearFilters}
          resultNote={nearby.resultNote}
        >
          <NearbyControls {...nearby.controls} />
        </FilterBar>
        <div id="atm-dir-results">{body}</div>
      </div>
    </div>
  );
}
