// @ts-check
/*
 * How search ignores accents and case, once for every reader: the public listing filters in the
 * browser with it, and the backend keeps each shop's searchable text normalised the same way so
 * the admin list can search 10,000 shops in SQL.
 */

// A private-use character stands in for ñ while accents are stripped, so 'ñ' survives
// ('año' must not match 'ano') while 'Armería' still matches 'armeria'.
const ENYE_PLACEHOLDER = '\uE000';

const ENYE_PLACEHOLDERS = /* @__PURE__ */ new RegExp(ENYE_PLACEHOLDER, 'g');

/**
 * Lower-cases and removes accents (but not the tilde of ñ) so search ignores them.
 * (`toLowerCase` equals `toLocaleLowerCase('es')`: Spanish has no special casing rules, and
 * the locale-aware one costs several times more at 10,000 shops.)
 * @param {string} text
 * @returns {string}
 */
export function normalizeText(text) {
  return text
    .normalize('NFC') // an 'n' + combining tilde becomes 'ñ' first
    .toLowerCase()
    .replace(/ñ/g, ENYE_PLACEHOLDER)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(ENYE_PLACEHOLDERS, 'ñ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The words of a search query, normalised; a text matches when it contains every one.
 * @param {string} query
 * @returns {string[]}
 */
export function searchWords(query) {
  return normalizeText(query).split(' ').filter(Boolean);
}

/** The shop fields a visitor's search reads: name, description, city and categories. */
export const PUBLIC_SEARCH_FIELDS = /* @__PURE__ */ Object.freeze(
  /** @type {const} */ (['name', 'city', 'description', 'categories']),
);
/** The back office's search reads the state and the e-mail address too. */
export const ADMIN_SEARCH_FIELDS = /* @__PURE__ */ Object.freeze(
  /** @type {const} */ (['name', 'city', 'description', 'state', 'email', 'categories']),
);

/**
 * A shop's searchable text: each field (each category) normalised on its own and joined by a
 * line break. Normalising turns a line break inside a field into a space, and a query word never
 * contains one, so a word matches the text exactly when it matches one field. The backend stores
 * the back office's (Shop.searchText) and the public listing computes the visitors' from it.
 * @param {Record<string, unknown>} shop
 * @param {readonly string[]} fields
 * @returns {string}
 */
export function shopSearchText(shop, fields) {
  return fields
    .flatMap((field) => {
      const value = shop[field];
      return Array.isArray(value) ? value : [value ?? ''];
    })
    .map((value) => normalizeText(String(value)))
    .join('\n');
}
