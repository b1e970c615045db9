import { describe, expect, it } from '@jest/globals';
import { SHOP_SLUG_MAX_LENGTH, SHOP_SLUG_PATTERN } from 'contract';
import { baseSlug, firstFreeSlug, slugFits } from './shop-slug.js';

describe('shop slugs', () => {
  it('fold accents and ñ, lower-case, and join the words of name and city with dashes', () => {
    expect(baseSlug('Armería del Bajío', 'León')).toBe('armeria-del-bajio-leon');
    expect(baseSlug('Ñandú & Cía.', 'Peñón de los Baños')).toBe('nandu-y-cia-penon-de-los-banos');
    expect(baseSlug('  "El Güero"  (Tiro/Caza) ', 'SAN PEDRO GARZA GARCÍA')).toBe(
      'el-guero-tiro-caza-san-pedro-garza-garcia',
    );
    expect(baseSlug('ArmeríaMX', 'CDMX')).toBe('armeriamx-cdmx');
  });

  it('fall back to a word when nothing folds to ASCII, and cut long names at a word', () => {
    expect(baseSlug('★★★', '—')).toBe('armero');
    const long = baseSlug(`${'Taller '.repeat(30)}Final`, 'Mérida');
    expect(long.length).toBeLessThanOrEqual(SHOP_SLUG_MAX_LENGTH - 8);
    expect(long).toMatch(SHOP_SLUG_PATTERN);
    expect(long.endsWith('taller')).toBe(true);
  });

  it('number namesakes from 2 and know which slugs still fit a name', () => {
    const taken = new Set(['a-b', 'a-b-2', 'a-b-4']);
    expect(firstFreeSlug('a-b', (slug) => taken.has(slug))).toBe('a-b-3');
    expect(firstFreeSlug('c-d', (slug) => taken.has(slug))).toBe('c-d');
    expect(slugFits('a-b-12', 'a-b')).toBe(true);
    expect(slugFits('a-b', 'a-b')).toBe(true);
    expect(slugFits('a-b-c', 'a-b')).toBe(false);
    expect(slugFits('a-bc', 'a-b')).toBe(false);
  });
});
