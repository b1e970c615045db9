import { useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from 'frontend-common';
import {
  useGetShopCategoriesQuery,
  useGetShopCitiesQuery,
  useGetShopListingQuery,
  useGetShopsQuery,
  useGetShopStatesQuery,
  usePrefetch,
} from '../../api/shopsApi';
import { FilterBar } from './FilterBar';
import {
  activeToggleValues,
  ALL,
  filterShops,
  isActive,
  prepareSearch,
  uniqueSorted,
  unknownFilters,
} from './filterShops';
import { ShopCard } from './ShopCard';
import { Pager } from './Pager';
import { useReturnToCard } from './returnToCard';
import { useListingParams } from './useListingParams';
import { pageOf, snapshotFor, type DirectorySnapshot } from '../../app/snapshot';
import { NearbyControls } from '../nearby/NearbyControls';
import { useNearby } from '../nearby/useNearby';
import { useNearbyParams } from '../nearby/useNearbyParams';
import { MapView } from '../map/MapView';
import { ShopDialog } from '../shop/ShopDialog';
import { useOnline } from '../offline/useOnline';
import './listing.css';

const SKELETON_CARDS = 6;
const NO_SHOPS: never[] = [];
/** A dropdown filter as the listing endpoint takes it: absent when off. */
const param = (value: string) => (isActive(value) ? value : undefined);

/**
 * The public listing. Its data comes one page at a time from the server
 * (`GET /api/shops/listing`, the same filters as the server-rendered pages), so a phone never
 * downloads the whole directory just to show twelve cards; the page the server rendered needs
 * no request at all. Only "near me" (distance order over every shop) and the map, which show
 * every match, load the whole list, when the visitor asks for them.
 */
export function ListingPage({ snapshot, dialogSlug }: { snapshot?: DirectorySnapshot; dialogSlug?: string }) {
  const { t } = useTranslation('directory');
  const { filters, page, setFilter, clearFilters, pageSearch } = useListingParams();
  const { byDistance, view } = useNearbyParams();
  const online = useOnline();

  // Typing stays responsive on slow phones: the results may lag a frame behind the input.
  const deferredFilters = useDeferredValue(filters);
  // The page the server rendered, while the URL still asks for it (hydration finds its markup).
  const server = snapshotFor(snapshot, deferredFilters, page);
  // Offline, any other page of results is filtered here from the catalogue the service worker keeps.
  const wantsEveryShop = byDistance || view === 'map' || (!online && !server);
  const listing = useGetShopListingQuery(
    {
      q: deferredFilters.q.trim() || undefined,
      category: param(deferredFilters.category),
      city: param(deferredFilters.city),
      state: param(deferredFilters.state),
      ...activeToggleValues(deferredFilters),
      page,
    },
    { skip: wantsEveryShop || Boolean(server) },
  );
  // The option lists are in any listing page the server rendered; asked for otherwise.
  const serverOptions = snapshot?.kind === 'listing' ? snapshot : undefined;
  const categories = useGetShopCategoriesQuery(undefined, { skip: Boolean(serverOptions) });
  const cities = useGetShopCitiesQuery(undefined, { skip: Boolean(serverOptions) });
  const states = useGetShopStatesQuery(undefined, { skip: Boolean(serverOptions) });

  // Every shop, for "near me" and the map only. Its cards render in a transition: in slices
  // that yield to the phone, not in the one long task a store update would otherwise get.
  const shops = useGetShopsQuery(undefined, { skip: !wantsEveryShop });
  const all = useDeferredValue(wantsEveryShop ? shops.data : undefined);
  useEffect(() => (all ? prepareSearch(all) : undefined), [all]);
  const filtered = useMemo(
    () => (all ? filterShops(all, deferredFilters) : NO_SHOPS),
    [all, deferredFilters],
  );
  // "Near me": distance order and radius once a position is known; the map view (features/nearby, map).
  // The whole list starts to load when "near me" asks for the position, not once it is known:
  // the download overlaps the visitor's answer to the browser's permission question.
  const prefetchShops = usePrefetch('getShops');
  const nearby = useNearby(filtered, {
    onLocate: useCallback(() => prefetchShops(undefined), [prefetchShops]),
  });
  const results = nearby.results;

  const everyShopPage = useMemo(
    () => (all ? { ...pageOf(results, page), total: results.length } : undefined),
    [all, results, page],
  );
  const shown = wantsEveryShop ? everyShopPage : (server ?? listing.data);
  const source = wantsEveryShop ? shops : listing;
  const grid = useRef<HTMLUListElement>(null);
  useReturnToCard(grid, nearby.view === 'map' || !shown ? 0 : shown.items.length);
  // The server's title for this page (frontend-shell/src/server/headTags.ts), again after a
  // navigation in the browser.
  const shownPage = shown?.page ?? page;
  useDocumentTitle(
    shownPage > 1
      ? `${t('pageTitle.listing')} · ${t('pageTitle.page', { page: shownPage })}`
      : t('pageTitle.listing'),
  );

  // The option endpoints are the source; the loaded list is the fallback if one of them fails.
  const options = useMemo(
    () => ({
      categories:
        serverOptions?.categories ??
        categories.data ??
        uniqueSorted((all ?? shown?.items ?? []).flatMap((s) => s.categories)),
      cities:
        serverOptions?.cities ?? cities.data ?? uniqueSorted((all ?? shown?.items ?? []).map((s) => s.city)),
      states:
        serverOptions?.states ?? states.data ?? uniqueSorted((all ?? shown?.items ?? []).map((s) => s.state)),
    }),
    [all, shown, serverOptions, categories.data, cities.data, states.data],
  );

  const scrollToResults = () =>
    document.getElementById('atm-dir-results')?.scrollIntoView({ block: 'start' });

  let body;
  if (!shown && !source.isError) {
    body = (
      // A status (a name on a plain div is not allowed): read as "loading" while the cards arrive.
      <div className="atm-dir-grid" role="status" aria-busy="true" aria-label={t('list.loading')}>
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
  } else if (!shown) {
    body = (
      <div className="atm-dir-message" role="alert">
        <h2>{t('error.title')}</h2>
        <p>{t('error.description')}</p>
        <button type="button" className="atm-dir-button" onClick={() => void source.refetch()}>
          {t('error.retry')}
        </button>
      </div>
    );
  } else if (shown.total === 0) {
    // A link may name a category (city, state) the directory does not have.
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
          resultCount={shown ? shown.total : null}
          onChange={setFilter}
          onClear={clearFilters}
          resultNote={nearby.resultNote}
        >
          <NearbyControls {...nearby.controls} />
        </FilterBar>
        <div id="atm-dir-results">{body}</div>
      </div>
      {dialogSlug && <ShopDialog slug={dialogSlug} shops={shown?.items} />}
    </div>
  );
}
