// @ts-check
/*
 * The public listing's filters and paging, once for every reader: the backend answers
 * `GET /api/shops/listing` with them, the directory renders its server-side pages with them,
 * and the browser filters with them when it holds the whole list ("near me" and the map). One
 * definition, so a page of the server and the same page in the browser never differ.
 */
import { LISTING_PAGE_SIZE } from './constants.js';
import { SHOP_SCHEMA } from './shop-schema.js';
import { PUBLIC_SEARCH_FIELDS, searchWords, shopSearchText } from './search.js';

/**
 * What the filters read of a shop (a toggle may read more of it: its field).
 * @typedef {{ name: string, description: string, city: string, state: string, categories: string[] }} ListingShop
 */

/**
 * The listing's toggles: the filters the shop's fields bring (their `listingFilter`), in the
 * schema's order.
 * @type {readonly import('./shop-schema.js').ListingToggle[]}
 */
export const LISTING_TOGGLES = /* @__PURE__ */ Object.freeze(
  SHOP_SCHEMA.flatMap((definition) => (definition.listingFilter ? [definition.listingFilter] : [])),
);

/**
 * The listing's filters as its URL carries them (`?q=&category=&city=&state=`), and one
 * parameter per toggle (LISTING_TOGGLES), on at its `value`.
 * @typedef {{ q: string, category: string, city: string, state: string } & Record<string, string>} ShopFilters
 */

/** The value that switches a dropdown filter or a toggle off (also what an absent URL parameter means). */
export const ALL = 'all';

/**
 * Each toggle's value as `read` gives it (a URL's parameter, a checked query's property), `all`
 * when it gives none.
 * @param {(param: string) => string | null | undefined} read
 * @returns {Record<string, string>}
 */
export const toggleValues = (read) =>
  Object.fromEntries(LISTING_TOGGLES.map(({ param }) => [param, read(param) || ALL]));

/** @type {Readonly<ShopFilters>} */
export const NO_FILTERS = /* @__PURE__ */ Object.freeze({
  q: '',
  category: ALL,
  city: ALL,
  state: ALL,
  ...toggleValues(() => ALL),
});

/** The URL parameters of the filters, in their order (`q`, the dropdowns, then the toggles). */
export const LISTING_FILTER_PARAMS = /* @__PURE__ */ Object.freeze(Object.keys(NO_FILTERS));

/**
 * The toggles that `filters` switches on.
 * @param {ShopFilters} filters
 */
export const activeToggles = (filters) =>
  LISTING_TOGGLES.filter((toggle) => filters[toggle.param] === toggle.value);

/**
 * The toggles that `filters` switches on, as their parameters and values (`{ open: 'now' }`).
 * @param {ShopFilters} filters
 * @returns {Record<string, string>}
 */
export const activeToggleValues = (filters) =>
  Object.fromEntries(activeToggles(filters).map(({ param, value }) => [param, value]));

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
 * switches one off), and each toggle that is on. Keeps the shops' order.
 * @template {ListingShop} T
 * @param {readonly T[]} shops
 * @param {ShopFilters} filters
 * @param {number} [now] epoch ms (the moment the toggles ask about)
 * @returns {T[]}
 */
export function filterShops(shops, filters, now = Date.now()) {
  const { q, category, city, state } = filters;
  const toggles = activeToggles(filters);
  const words = searchWords(q);
  return shops.filter(
    (shop) =>
      (!isActive(category) || shop.categories.some((c) => sameValue(c, category))) &&
      (!isActive(city) || sameValue(shop.city, city)) &&
      (!isActive(state) || sameValue(shop.state, state)) &&
      toggles.every((toggle) => toggle.keeps(shop, now)) &&
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
