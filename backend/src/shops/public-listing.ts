import { Injectable } from '@nestjs/common';
import { pageOf } from 'contract';
import { listingFilters, type ShopListingDto, type ShopListingQueryDto } from './dto/shop-listing.dto.js';
import { ListingResultsCache } from './listing-results.js';
import { encodeBytes, JSON_TYPE, type EncodedDocument } from './public-catalog.handler.js';
import { ShopsService, type ShopCatalog } from './shops.service.js';

/** Answers kept per catalogue version: the popular filters (first pages, each state) repeat. */
const CACHED_ANSWERS = 500;

/**
 * The public listing one page at a time (`GET /api/shops/listing`), filtered on the server with
 * the contract's filters, so a phone gets 12 shops instead of the whole directory. The answers
 * of a catalogue version are kept with it (and forgotten with it when the data moves on), keyed
 * by the normalised filters and the page actually shown (a page past the last is the last), so
 * spellings of one request share one answer. Each is kept as its bytes, compressed once (off the
 * event loop) and sent with an ETag like the catalogue's documents: serialising and gzipping
 * each answer per request held the route at 0.03 of its ceiling (bench/FINDINGS.md, round 8).
 */
@Injectable()
export class PublicListing {
  private readonly answers = new WeakMap<ShopCatalog, Map<string, Promise<EncodedDocument>>>();

  constructor(
    private readonly shops: ShopsService,
    private readonly results: ListingResultsCache,
  ) {}

  /** The page `query` asks for, as the document `GET /api/shops/listing` sends (a ShopListingDto). */
  async document(query: ShopListingQueryDto): Promise<EncodedDocument> {
    const catalog = await this.shops.catalogNow();
    const { key: filtersKey, shops } = await this.results.resultsFor(catalog, listingFilters(query));
    const { items, page, pageCount } = pageOf(shops, query.page ?? 1);
    const key = `${filtersKey}#${page}`;
    let answers = this.answers.get(catalog);
    const known = answers?.get(key);
    if (known) return known;
    const answer: ShopListingDto = { items, page, pageCount, total: shops.length };
    if (!answers) this.answers.set(catalog, (answers = new Map()));
    if (answers.size >= CACHED_ANSWERS) answers.delete(answers.keys().next().value!);
    const encoded = encodeBytes(Buffer.from(JSON.stringify(answer)), JSON_TYPE);
    answers.set(key, encoded);
    // A failed encoding is not kept: the next request tries again.
    encoded.catch(() => answers.get(key) === encoded && answers.delete(key));
    return encoded;
  }
}
