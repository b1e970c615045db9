import type { Shop } from 'frontend-common';

/** The value that switches a dropdown filter off (also what an absent URL parameter means). */
export const ALL = 'all';

export interface ShopFilters {
  q: string;
  category: string;
  city: string;
  state: string;
}

export const NO_FILTERS: ShopFilters = { q: '', category: ALL, city: ALL, state: ALL };

// A private-use character stands in for ñ while accents are stripped, so 'ñ' survives
// ('año' must not match 'ano') while 'Armería' still matches 'armeria'.
const ENYE_PLACEHOLDER = '\uE000';

/** Lower-cases and removes accents (but not the tilde of ñ) so search ignores them. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFC') // an 'n' + combining tilde becomes 'ñ' first
    .toLocaleLowerCase('es')
    .replace(/ñ/g, ENYE_PLACEHOLDER)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(new RegExp(ENYE_PLACEHOLDER, 'g'), 'ñ')
    .replace(/\s+/g, ' ')
    .trim();
}

const sameValue = (a: string, b: string) =>
  a.normalize('NFC').toLocaleLowerCase('es') === b.normalize('NFC').toLocaleLowerCase('es');
const isActive = (value: string) => value !== '' && value.toLowerCase() !== ALL;

/**
 * Does the free-text query match the shop? Every word of the query must appear (accent- and
 * case-insensitively) in the name, description, city or one of the categories.
 */
export function matchesQuery(shop: Shop, query: string): boolean {
  const words = normalizeText(query).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [shop.name, shop.description, shop.city, ...shop.categories].map(normalizeText);
  return words.every((word) => haystack.some((field) => field.includes(word)));
}

/** Spec section 5: the public filters, applied on the client. */
export function filterShops(shops: readonly Shop[], filters: ShopFilters): Shop[] {
  const { q, category, city, state } = filters;
  return shops.filter(
    (shop) =>
      (!isActive(category) || shop.categories.some((c) => sameValue(c, category))) &&
      (!isActive(city) || sameValue(shop.city, city)) &&
      (!isActive(state) || sameValue(shop.state, state)) &&
      matchesQuery(shop, q),
  );
}

/** Sorted, de-duplicated option values (Spanish collation), e.g. when the option endpoints fail. */
export function uniqueSorted(values: Iterable<string>): string[] {
  return [...new Set(values)].filter(Boolean).sort((a, b) => a.localeCompare(b, 'es'));
}
