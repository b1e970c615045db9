import slugify from '@sindresorhus/slugify';
import { SHOP_SLUG_MAX_LENGTH } from 'contract';

/** Room left under SHOP_SLUG_MAX_LENGTH for a `-<n>` suffix when the base slug is taken. */
const SUFFIX_ROOM = 8;
/** The slug of a shop whose name and city have no letter or digit that folds to ASCII. */
const FALLBACK_SLUG = 'armero';

/** Where the transliteration's German defaults (ü → ue) are wrong in Spanish, and `&` reads "y". */
const SPANISH_FOLDING: [string, string][] = [
  ['&', ' y '],
  ...[...'äöüÄÖÜ'].map((letter): [string, string] => [letter, letter.normalize('NFD')[0]]),
];

/** Name and city as lower-case ASCII words (`armeria-del-bajio-leon`), cut so a `-<n>` suffix still fits. */
export function baseSlug(name: string, city: string): string {
  const full = slugify(`${name} ${city}`, {
    decamelize: false,
    customReplacements: SPANISH_FOLDING,
  });
  const limit = SHOP_SLUG_MAX_LENGTH - SUFFIX_ROOM;
  if (full.length <= limit) return full || FALLBACK_SLUG;
  const cut = full.slice(0, limit + 1);
  const lastDash = cut.lastIndexOf('-');
  return lastDash > 0 ? cut.slice(0, lastDash) : full.slice(0, limit);
}

/** The first of `base`, `base-2`, `base-3`, ... that no other shop uses now or used before a rename. */
export function firstFreeSlug(base: string, isTaken: (slug: string) => boolean): string {
  if (!isTaken(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!isTaken(candidate)) return candidate;
  }
}

/** True when `slug` is `base` or `base-<n>`: the slug still fits the name and city. */
export function slugFits(slug: string, base: string): boolean {
  return slug === base || (slug.startsWith(`${base}-`) && /^\d+$/.test(slug.slice(base.length + 1)));
}
