/**
 * Lower-cases and removes accents (but not the tilde of ñ) so search ignores them.
 * (`toLowerCase` equals `toLocaleLowerCase('es')`: Spanish has no special casing rules, and
 * the locale-aware one costs several times more at 10,000 shops.)
 * @param {string} text
 * @returns {string}
 */
export function normalizeText(text: string): string;
/**
 * The words of a search query, normalised; a text matches when it contains every one.
 * @param {string} query
 * @returns {string[]}
 */
export function searchWords(query: string): string[];
/**
 * A shop's searchable text: each field (each category) normalised on its own and joined by a
 * line break. Normalising turns a line break inside a field into a space, and a query word never
 * contains one, so a word matches the text exactly when it matches one field. The backend stores
 * the back office's (Shop.searchText) and the public listing computes the visitors' from it.
 * @param {Record<string, unknown>} shop
 * @param {readonly string[]} fields
 * @returns {string}
 */
export function shopSearchText(shop: Record<string, unknown>, fields: readonly string[]): string;
/** The shop fields a visitor's search reads: name, description, city and categories. */
export const PUBLIC_SEARCH_FIELDS: readonly ["name", "city", "description", "categories"];
/** The back office's search reads the state and the e-mail address too. */
export const ADMIN_SEARCH_FIELDS: readonly ["name", "city", "description", "state", "email", "categories"];
