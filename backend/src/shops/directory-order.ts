import type { ShopDto } from './dto/shop.dto.js';

// The directory's orders: the shops' and the filters' lists (categories, cities, states).

const spanish = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/** Verified first, then by name in Spanish order, then by id (for names Spanish sorts as equal). */
const directoryOrder = (a: ShopDto, b: ShopDto): number =>
  a.isVerified !== b.isVerified
    ? a.isVerified === 'true'
      ? -1
      : 1
    : spanish.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** `shops` sorted in the directory's order, in place (a worker's work: it grows with the shops). */
export function inDirectoryOrder(shops: ShopDto[]): ShopDto[] {
  return shops.sort(directoryOrder);
}

/** Distinct non-empty values, one spelling per case-insensitive value, in Spanish order. */
export function distinctSorted(values: Iterable<string>): string[] {
  const byKey = new Map<string, string>();
  // Each spelling once before lower-casing it (a call into ICU): many shops share few cities.
  for (const raw of new Set(values)) {
    const value = raw.trim();
    const key = value.toLocaleLowerCase('es');
    if (value && !byKey.has(key)) byKey.set(key, value);
  }
  return [...byKey.values()].sort(spanish.compare);
}
