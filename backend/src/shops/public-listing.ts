import { Injectable } from '@nestjs/common';
import { pageOf } from 'contract';
import { listingFilters, type ShopListingDto, type ShopListingQueryDto } from './dto/shop-listing.dto.js';
import { ListingResultsCache } from './listing-results.js';
import { ShopsService, type ShopCatalog } from './shops.service.js';

/** Answers kept per catalogue version: the popular filters (first pages, each state) repeat. */
const CACHED_ANSWERS = 500;

/**
 * The public listing one page at a time (`GET /api/shops/listing`), filtered on the server with
 * the contract's filters, so a phone gets 12 shops instead of the whole directory. The answers
 * of a catalogue version are kept with it (and forgotten with it when the data moves on), keyed
 * by the normalised filters and the page actually shown (a page past the last is the last), so
 * spellings of one request share one answer.
 */
@Injectable()
export class PublicListing {
  private readonly answers = new WeakMap<ShopCatalog, Map<string, ShopListingDto>>();

  constructor(
    private readonly shops: ShopsService,
    private readonly results: ListingResultsCache,
  ) {}

  async page(query: ShopListingQueryDto): Promise<ShopListingDto> {
    const catalog = await this.shops.catalogNow();
    const { key: filtersKey, shops } = await this.results.resultsFor(catalog, listingFilters(query));
    const { items, page, pageCount } = pageOf(shops, query.page ?? 1);
    const key = `${filtersKey}#${page}`;
    let answers = this.answers.get(catalog);
    const known = answers?.get(key);
    if (known) return known;
    const answer = { items, page, pageCount, total: shops.length };
    if (!answers) this.answers.set(catalog, (answers = new Map()));
    if (answers.size >= CACHED_ANSWERS) answers.delete(answers.keys().next().value!);
    answers.set(key, answer);
    return answer;
  }
}
