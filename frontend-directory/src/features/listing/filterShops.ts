import { normalizeText, searchWords } from 'contract';
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

// The normalisation lives in the contract: the admin's server-side search uses the same one.
export { normalizeText };

export const sameValue = (a: string, b: string) =>
  a.normalize('NFC').toLocaleLowerCase('es') === b.normalize('NFC').toLocaleLowerCase('es');
export const isActive = (value: string) => value !== '' && value.toLowerCase() !== ALL;

// The searchable text of each shop, normalized once per shop object (RTK Query keeps the same
// objects between key presses), so a key press at 10,000 shops only compares strings. The
// fields are joined by U+0000, which normalizing keeps and a query word never contains (words
// are split on spaces), so a word matches the joined text exactly when it matches one field.
const FIELD_SEPARATOR = '\u0000';
const haystacks = new WeakMap<Shop, string>();
function haystackOf(shop: Shop): string {
  let text = haystacks.get(shop);
  if (text === undefined) {
    text = normalizeText([shop.name, shop.description, shop.city, ...shop.categories].join(FIELD_SEPARATOR));
    haystacks.set(shop, text);
  }
  return text;
}

/**
 * Normalizes the shops' searchable text ahead of the first key press, a slice per task (the
 * browser handles input and paints in between), so neither the first render nor the first
 * key press pays for it all at once.
 * Returns a function that stops the work.
 */
export function prepareSearch(shops: readonly Shop[], sliceSize = 250): () => void {
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const step = () => {
    const end = Math.min(shops.length, next + sliceSize);
    for (; next < end; next++) haystackOf(shops[next]);
    if (next < shops.length) timer = setTimeout(step, 0);
  };
  timer = setTimeout(step, 0);
  return () => clearTimeout(timer);
}

const queryWords = searchWords;
const matchesWords = (shop: Shop, words: string[]) =>
  words.length === 0 ||
  words.every((word) => !word.includes(FIELD_SEPARATOR) && haystackOf(shop).includes(word));

/**
 * Does the free-text query match the shop? Every word of the query must appear (accent- and
 * case-insensitively) in the name, description, city or one of the categories.
 */
export function matchesQuery(shop: Shop, query: string): boolean {
  return matchesWords(shop, queryWords(query));
}

/** Spec section 5: the public filters, applied on the client. */
export function filterShops(shops: readonly Shop[], filters: ShopFilters): Shop[] {
  const { q, category, city, state } = filters;
  const words = queryWords(q);
  return shops.filter(
    (shop) =>
      (!isActive(category) || shop.categories.some((c) => sameValue(c, category))) &&
      (!isActive(city) || sameValue(shop.city, city)) &&
      (!isActive(state) || sameValue(shop.state, state)) &&
      matchesWords(shop, words),
  );
}

/** Sorted, de-duplicated option values (Spanish collation), e.g. when the option endpoints fail. */
export function uniqueSorted(values: Iterable<string>): string[] {
  return [...new Set(values)].filter(Boolean).sort((a, b) => a.localeCompare(b, 'es'));
}

/** The dropdown filters whose value names no known option (a stale or mistyped link). */
export function unknownFilters(
  filters: ShopFilters,
  options: { category: string[]; city: string[]; state: string[] },
): { key: 'category' | 'city' | 'state'; value: string }[] {
  return (['category', 'city', 'state'] as const)
    .filter(
      (key) => isActive(filters[key]) && !options[key].some((option) => sameValue(option, filters[key])),
    )
    .map((key) => ({ key, value: filters[key] }));
}
