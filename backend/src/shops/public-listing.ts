import { Injectable } from '@nestjs/common';
import { filterShops, OPEN_NOW, pageOf } from 'contract';
import { listingFilters, type ShopListingDto, type ShopListingQueryDto } from './dto/shop-listing.dto.js';
import { ShopsService, type ShopCatalog } from './shops.service.js';

/** Answers kept per catalogue version: the popular filters (first pages, each state) repeat. */
const CACHED_ANSWERS = 500;

/**
 * The public listing one page at a time (`GET /api/shops/listing`), filtered on the server with
 * the contract's filters, so a phone gets 12 shops instead of the whole directory. The answers
 * of a catalogue version are kept with it (and forgotten with it when the data moves on).
 */
@Injectable()
export class PublicListing {
  private readonly answers = new WeakMap<ShopCatalog, Map<string, ShopListingDto>>();

  constructor(private readonly shops: ShopsService) {}

  async page(query: ShopListingQueryDto): Promise<ShopListingDto> {
    const catalog = await this.shops.catalogNow();
    const filters = listingFilters(query);
    // "Open now" holds for a minute: its answers are kept per minute.
    const now = Date.now();
    const minute = filters.open === OPEN_NOW ? Math.floor(now / 60_000) : null;
    const key = JSON.stringify([
      filters.q,
      filters.category,
      filters.city,
      filters.state,
      minute,
      query.page ?? 1,
    ]);
    let answers = this.answers.get(catalog);
    const known = answers?.get(key);
    if (known) return known;
    const results = filterShops(catalog.shops, filters, now);
    const answer = { ...pageOf(results, query.page ?? 1), total: results.length };
    if (!answers) this.answers.set(catalog, (answers = new Map()));
    if (answers.size >= CACHED_ANSWERS) answers.delete(answers.keys().next().value!);
    answers.set(key, answer);
    return answer;
  }
}
