// @ts-check
/*
 * The public listing's filters and paging, once for every reader: the backend answers
 * `GET /api/shops/listing` with them, the directory renders its server-side pages with them,
 * and the browser filters with them when it holds the whole list ("near me" and the map). One
 * definition, so a page of the server and the same page in the browser never differ.
 */
import { LISTING_PAGE_SIZE } from './constants.js';
import { isOpenIn, shopTimeZone, weekOf } from './opening-hours.js';
import { PUBLIC_SEARCH_FIELDS, searchWords, shopSearchText } from './search.js';

/**
 * What the filters read of a shop.
 * @typedef {{ name: string, description: string, city: string, state: string, categories: string[], openingHours?: string | null }} ListingShop
 */

/**
 * The listing's filters as its URL carries them (`?q=&category=&city=&state=&open=`); `open` is
 * `now` for the shops open at this moment.
 * @typedef {{ q: string, category: string, city: string, state: string, open: string }} ShopFilters
 */

/** The value that switches a dropdown filter off (also what an absent URL parameter means). */
export const ALL = 'all';

/** @type {Readonly<ShopFilters>} */
export const NO_FILTERS = /* @__PURE__ */ Object.freeze({
  q: '',
  category: ALL,
  city: ALL,
  state: ALL,
  open: ALL,
});

/** The value of the `open` filter that keeps only the shops open now. */
export const OPEN_NOW = 'now';

// Each shop's week and zone, read once per shop object (as its search text).
/** @type {WeakMap<ListingShop, { week: import('./opening-hours.js').Week, zone: string } | null>} */
const weeks = new WeakMap();

/**
 * Is the shop open at `now` (epoch ms), in its own time zone? A shop without hours is not.
 * @param {ListingShop} shop
 * @param {number} now
 */
export function isOpenAt(shop, now) {
  let hours = weeks.get(shop);
  if (hours === undefined) {
    const week = weekOf(shop.openingHours);
    hours = week ? { week, zone: shopTimeZone(shop.state) } : null;
    weeks.set(shop, hours);
  }
  return hours !== null && isOpenIn(hours.week, hours.zone, now);
}

/**
 * Do two option values name the same thing (case-insensitively, as the dropdowns compare)?
 * @param {string} a
 * @param {string} b
 */
export const sameValue = (a, b) =>
  a.normalize('NFC').toLocaleLowerCase('es') === b.normalize('NFC').toLocaleLowerCase('es');

/**
 * Is a dropdown filter on? (`all` or nothing switches it off.)
 * @param {string} value
 */
export const isActive = (value) => value !== '' && value.toLowerCase() !== ALL;

// The searchable text of each shop (shopSearchText), computed once per shop object (the
// backend's catalogue and RTK Query both keep the same objects between requests), so a search
// at 10,000 shops only compares strings.
/** @type {WeakMap<ListingShop, string>} */
const haystacks = new WeakMap();

/**
 * The shop's searchable text for visitors (PUBLIC_SEARCH_FIELDS), normalized; computed once.
 * @param {ListingShop} shop
 * @returns {string}
 */
export function searchTextOf(shop) {
  let text = haystacks.get(shop);
  if (text === undefined) {
    text = shopSearchText(shop, PUBLIC_SEARCH_FIELDS);
    haystacks.set(shop, text);
  }
  return text;
}

/**
 * @param {ListingShop} shop
 * @param {string[]} words
 */
const matchesWords = (shop, words) =>
  words.length === 0 || words.every((word) => searchTextOf(shop).includes(word));

/**
 * Does the free-text query match the shop? Every word of the query must appear (accent- and
 * case-insensitively) in the name, description, city or one of the categories.
 * @param {ListingShop} shop
 * @param {string} query
 */
export function matchesQuery(shop, query) {
  return matchesWords(shop, searchWords(query));
}

/**
 * The public filters: every word of `q`, the category, city and state when set (`all`
 * switches one off), and with `open` at `now` only the shops open at `now`. Keeps the shops'
 * order.
 * @template {ListingShop} T
 * @param {readonly T[]} shops
 * @param {ShopFilters} filters
 * @param {number} [now] epoch ms (the `open` filter's moment)
 * @returns {T[]}
 */
export function filterShops(shops, filters, now = Date.now()) {
  const { q, category, city, state, open } = filters;
  const openNow = open === OPEN_NOW;
  const words = searchWords(q);
  return shops.filter(
    (shop) =>
      (!isActive(category) || shop.categories.some((c) => sameValue(c, category))) &&
      (!isActive(city) || sameValue(shop.city, city)) &&
      (!isActive(state) || sameValue(shop.state, state)) &&
      (!openNow || isOpenAt(shop, now)) &&
      matchesWords(shop, words),
  );
}

/**
 * One page of `results` (LISTING_PAGE_SIZE a page): a page beyond the last shows the last.
 * @template T
 * @param {readonly T[]} results
 * @param {number} page 1-based
 * @returns {{ items: T[], page: number, pageCount: number }}
 */
export function pageOf(results, page) {
  const pageCount = Math.max(1, Math.ceil(results.length / LISTING_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  return {
    items: results.slice((current - 1) * LISTING_PAGE_SIZE, current * LISTING_PAGE_SIZE),
    page: current,
    pageCount,
  };
}
