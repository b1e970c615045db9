import { Injectable } from '@nestjs/common';
import {
  activeToggles,
  activeToggleValues,
  ALL,
  filterShops,
  isActive,
  LISTING_TOGGLES,
  NO_FILTERS,
  searchWords,
  type ShopFilters,
} from 'contract';
import { LRUCache } from 'lru-cache';
import type { ShopDto } from './dto/shop.dto.js';
import { ShopsService, type ShopCatalog } from './shops.service.js';

/** Filtered lists kept per catalogue version; the least recently asked go first beyond this many. */
const CACHED_RESULTS = 200;

/** The shops that match a listing's filters, and the key every spelling of those filters shares. */
export interface ListingResults {
  key: string;
  shops: readonly ShopDto[];
}

const lookupKey = (value: string) => value.normalize('NFC').toLocaleLowerCase('es');

/** Each dropdown value as the catalogue spells it, found however the URL cased it. */
const knownValues = (values: readonly string[]) => new Map(values.map((value) => [lookupKey(value), value]));

/** The listing's filtered shops; filters are normalised (`caza` = `CAZA`), an unknown value matches none. */
@Injectable()
export class ListingResultsCache {
  private readonly byCatalog = new WeakMap<
    ShopCatalog,
    {
      known: Record<'category' | 'city' | 'state', Map<string, string>>;
      results: LRUCache<string, readonly ShopDto[]>;
    }
  >();

  constructor(private readonly shops: ShopsService) {}

  async resultsFor(catalog: ShopCatalog, filters: ShopFilters, now = Date.now()): Promise<ListingResults> {
    let entry = this.byCatalog.get(catalog);
    if (!entry) {
      const { categories, cities, states } = catalog;
      const known = {
        category: knownValues(categories),
        city: knownValues(cities),
        state: knownValues(states),
      };
      this.byCatalog.set(catalog, (entry = { known, results: new LRUCache({ max: CACHED_RESULTS }) }));
    }
    const canonical = (field: 'category' | 'city' | 'state'): string | null => {
      const value = filters[field].trim();
      return isActive(value) ? (entry.known[field].get(lookupKey(value)) ?? null) : ALL;
    };
    const [category, city, state] = [canonical('category'), canonical('city'), canonical('state')];
    const toggles = activeToggles(filters);
    const q = searchWords(filters.q).join(' ');
    // A toggle whose answer changes with time holds for a minute: its results are kept per minute.
    const toggleKeys = LISTING_TOGGLES.map((toggle) =>
      !toggles.includes(toggle) ? null : toggle.changesWithTime ? Math.floor(now / 60_000) : true,
    );
    const key = JSON.stringify([q, category, city, state, ...toggleKeys]);
    if (category === null || city === null || state === null) return { key, shops: [] };
    const known = entry.results.get(key);
    if (known) return { key, shops: known };
    // The search runs in the catalogue's worker (its word index); the other filters see its matches only.
    const words = q ? q.split(' ') : [];
    const candidates = words.length
      ? Array.from(
          await this.shops.inWorker(catalog, (worker) => worker.search(catalog.version, words)),
          (position) => catalog.shops[position],
        )
      : catalog.shops;
    const rest = { ...NO_FILTERS, category, city, state, ...activeToggleValues(filters) };
    const shops = entry.results.get(key) ?? filterShops(candidates, rest, now);
    entry.results.set(key, shops);
    return { key, shops };
  }
}
