import { describe, expect, it } from '@jest/globals';
import type { ShopDto } from './dto/shop.dto.js';
import { distinctSorted, inDirectoryOrder } from './directory-order.js';
import { seededRandom as random } from '../../test/support/seeded-random.js';

// Names that Spanish order (base sensitivity) treats as equal, ñ after n, numbers by value.
const NAMES = [
  'Taller Ñandú',
  'taller nandu',
  'Taller Nandu',
  'Armería 2',
  'Armeria 10',
  'armería 2',
  'Zeta',
  'Ábaco',
];

function shops(count: number, next: () => number): ShopDto[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `${String(Math.floor(next() * 1e6)).padStart(6, '0')}-${index}`,
    name: NAMES[Math.floor(next() * NAMES.length)],
    isVerified: next() < 0.5 ? 'true' : 'false',
  })) as unknown as ShopDto[];
}

describe('inDirectoryOrder', () => {
  it('verified first, then by name in Spanish order, then by id', () => {
    const next = random(1);
    const sorted = inDirectoryOrder(shops(3000, next));
    for (let i = 1; i < sorted.length; i += 1) {
      const [a, b] = [sorted[i - 1], sorted[i]];
      if (a.isVerified !== b.isVerified) expect(a.isVerified).toBe('true');
      else {
        const byName = a.name.localeCompare(b.name, 'es', { sensitivity: 'base', numeric: true });
        expect(byName).toBeLessThanOrEqual(0);
        if (byName === 0) expect(a.id < b.id).toBe(true);
      }
    }
  });
});

describe('distinctSorted', () => {
  it('keeps the first spelling of each value, case and spaces aside, in Spanish order', () => {
    expect(
      distinctSorted([
        ' Querétaro',
        'querétaro',
        'León',
        'QUERÉTARO ',
        '',
        '  ',
        'Ñuñoa',
        'Nuevo León',
        'León',
      ]),
    ).toEqual(['León', 'Nuevo León', 'Ñuñoa', 'Querétaro']);
  });
});
