import { describe, expect, it } from '@jest/globals';
import { filterShops, NO_FILTERS, searchWords } from 'contract';
import type { ShopDto } from './dto/shop.dto.js';
import { SearchIndex } from './search-index.js';

const shop = (name: string, city: string, description: string, categories: string[]): ShopDto =>
  ({ name, city, state: 'Jalisco', description, categories }) as unknown as ShopDto;

const SHOPS = [
  shop('Armería del Bajío', 'León', 'Reparación y pavonado.\nSegunda línea', ['Armería', 'Caza']),
  shop('Cañones Ñandú', 'Mérida', 'Año con año, "ajustes" finos', ['Reparación']),
  shop('Taller Norte', 'Monterrey', 'Miras, culatas; y más', ['Accesorios']),
  shop('ARMERIA SUR', 'Oaxaca', '', []),
  shop('Decomposed Armería'.normalize('NFD'), 'Puebla', 'caza mayor', ['Caza']),
];

describe('SearchIndex', () => {
  const index = new SearchIndex(SHOPS);
  const shopsAt = (positions: Int32Array) => Array.from(positions, (position) => SHOPS[position]);

  it.each([
    'armeria',
    'ARMER',
    'rmer',
    'armería caza',
    'ano',
    'año',
    'ñandu',
    'reparacion',
    '"ajustes"',
    'culatas;',
    'segunda linea',
    'mayor caza puebla',
    'leon bajio',
    'nadie',
    'a',
    'a e',
  ])('finds what the listing filter finds for %j, in the same order', (query) => {
    const expected = filterShops(SHOPS, { ...NO_FILTERS, q: query });
    expect(shopsAt(index.matching(searchWords(query)))).toEqual(expected);
  });

  it('without words, every shop', () => {
    expect(shopsAt(index.matching([]))).toEqual(SHOPS);
  });
});
