import { Injectable } from '@nestjs/common';
import { parse as parseQuery } from 'node:querystring';
import { LISTING_TOGGLES, pageOf } from 'contract';
import { LRUCache } from 'lru-cache';
import { encodeBytes, JSON_TYPE, type EncodedDocument } from '../common/encoded-document.js';
import {
  checkedListingQuery,
  listingFilters,
  type ShopListingDto,
  type ShopListingQueryDto,
} from './dto/shop-listing.dto.js';
import { ListingResultsCache } from './listing-results.js';
import { ShopsService, type ShopCatalog } from './shops.service.js';

/** Answers kept per catalogue version: the popular filters (first pages, each state) repeat. */
const CACHED_ANSWERS = 500;
/** Query strings of valid requests kept per catalogue version, with the answer each one got. */
const CACHED_QUERIES = 1_000;

/** The parameters of the toggles whose answers change with time (kept for their minute only). */
const TIMED_PARAMS = LISTING_TOGGLES.filter((toggle) => toggle.changesWithTime).map(({ param }) => param);

/** `GET /api/shops/listing`, compressed per version by filters and page, and by query (skips the pipe). */
@Injectable()
export class PublicListing {
  private readonly answers = new WeakMap<ShopCatalog, LRUCache<string, Promise<EncodedDocument>>>();
  private readonly byQuery = new WeakMap<ShopCatalog, LRUCache<string, EncodedDocument>>();

  constructor(
    private readonly shops: ShopsService,
    private readonly results: ListingResultsCache,
  ) {}

  /** The ShopListingDto document for a query string (without `?`); an invalid one throws the pipe's 400. */
  documentNow(rawQuery: string, now = Date.now()): Promise<EncodedDocument> {
    return this.shops.getCatalog().then((catalog) => this.queryDocument(catalog, rawQuery, now));
  }

  private queryDocument(
    catalog: ShopCatalog,
    rawQuery: string,
    now: number,
  ): EncodedDocument | Promise<EncodedDocument> {
    // Answers that change with time hold for their minute (as their filtered results do).
    const timed = TIMED_PARAMS.some((param) => rawQuery.includes(param));
    const key = timed ? `${Math.floor(now / 60_000)} ${rawQuery}` : rawQuery;
    const known = this.byQuery.get(catalog)?.get(key);
    if (known) return known;
    // Read as Express reads a query, checked by the validation pipe's rules, once per string and version.
    return checkedListingQuery(parseQuery(rawQuery)).then(async (query) => {
      const document = await this.documentIn(catalog, query, now);
      let documents = this.byQuery.get(catalog);
      if (!documents) this.byQuery.set(catalog, (documents = new LRUCache({ max: CACHED_QUERIES })));
      documents.set(key, document);
      return document;
    });
  }

  private async documentIn(
    catalog: ShopCatalog,
    query: ShopListingQueryDto,
    now: number,
  ): Promise<EncodedDocument> {
    const { key: filtersKey, shops } = await this.results.resultsFor(catalog, listingFilters(query), now);
    const { items, page, pageCount } = pageOf(shops, query.page ?? 1);
    const key = `${filtersKey}#${page}`;
    let answers = this.answers.get(catalog);
    const known = answers?.get(key);
    if (known) return known;
    const answer: ShopListingDto = { items, page, pageCount, total: shops.length };
    if (!answers) this.answers.set(catalog, (answers = new LRUCache({ max: CACHED_ANSWERS })));
    const encoded = encodeBytes(Buffer.from(JSON.stringify(answer)), JSON_TYPE);
    answers.set(key, encoded);
    // A failed encoding is not kept: the next request tries again.
    encoded.catch(() => answers.get(key) === encoded && answers.delete(key));
    return encoded;
  }
}
