/**
 * The shop's searchable text for visitors (PUBLIC_SEARCH_FIELDS), normalized; computed once.
 * @param {ListingShop} shop
 * @returns {string}
 */
export function searchTextOf(shop: ListingShop): string;
/**
 * Does the free-text query match the shop? Every word of the query must appear (accent- and
 * case-insensitively) in the name, description, city or one of the categories.
 * @param {ListingShop} shop
 * @param {string} query
 */
export function matchesQuery(shop: ListingShop, query: string): boolean;
/**
 * Spec section 5: the public filters. Keeps the shops' order.
 * @template {ListingShop} T
 * @param {readonly T[]} shops
 * @param {ShopFilters} filters
 * @returns {T[]}
 */
export function filterShops<T extends ListingShop>(shops: readonly T[], filters: ShopFilters): T[];
/**
 * One page of `results` (LISTING_PAGE_SIZE a page): a page beyond the last shows the last.
 * @template T
 * @param {readonly T[]} results
 * @param {number} page 1-based
 * @returns {{ items: T[], page: number, pageCount: number }}
 */
export function pageOf<T>(results: readonly T[], page: number): {
    items: T[];
    page: number;
    pageCount: number;
};
/**
 * What the filters read of a shop.
 * @typedef {{ name: string, description: string, city: string, state: string, categories: string[] }} ListingShop
 */
/**
 * The listing's filters as its URL carries them (`?q=&category=&city=&state=`).
 * @typedef {{ q: string, category: string, city: string, state: string }} ShopFilters
 */
/** The value that switches a dropdown filter off (also what an absent URL parameter means). */
export const ALL: "all";
/** @type {Readonly<ShopFilters>} */
export const NO_FILTERS: Readonly<ShopFilters>;
export function sameValue(a: string, b: string): boolean;
export function isActive(value: string): boolean;
/**
 * What the filters read of a shop.
 */
export type ListingShop = {
    name: string;
    description: string;
    city: string;
    state: string;
    categories: string[];
};
/**
 * The listing's filters as its URL carries them (`?q=&category=&city=&state=`).
 */
export type ShopFilters = {
    q: string;
    category: string;
    city: string;
    state: string;
};
