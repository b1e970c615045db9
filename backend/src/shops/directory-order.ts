import { sortInTurns } from '../common/sort-in-turns.js';
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

/**
 * `shops` in the directory's order, sorted a piece per turn of the event loop (sortInTurns).
 * `previous` (the last catalogue's shops) only makes it quicker: `shops` are first arranged with
 * those of `previous` in its order, then the others, so that most runs are already in order and
 * join after one comparison. At 10,000 shops the Spanish comparisons held the event loop for
 * 25-30 ms when a catalogue was rebuilt after an import that changed no name, and 40-55 ms after
 * a restore that renamed every shop (stall bench). The order that comes out is the same either
 * way: directoryOrder leaves no ties.
 */
export function inDirectoryOrder(shops: ShopDto[], previous?: readonly ShopDto[]): Promise<ShopDto[]> {
  return sortInTurns(inPreviousOrder(shops, previous), directoryOrder);
}

function inPreviousOrder(shops: ShopDto[], previous?: readonly ShopDto[]): ShopDto[] {
  if (!previous?.length) return shops;
  const position = new Map(previous.map((shop, index) => [shop.id, index]));
  const slots = new Array<ShopDto | undefined>(previous.length);
  const others: ShopDto[] = [];
  for (const shop of shops) {
    const at = position.get(shop.id);
    if (at === undefined) others.push(shop);
    else slots[at] = shop;
  }
  return slots.filter((shop): shop is ShopDto => shop !== undefined).concat(others);
}

/** Distinct non-empty values, one spelling per case-insensitive value, in Spanish order. */
export function distinctSorted(values: Iterable<string>): string[] {
  const byKey = new Map<string, string>();
  // Each spelling once before lower-casing it (a call into ICU): 10,000 shops name a few
  // hundred cities, and lower-casing every shop's held the event loop (stall bench).
  for (const raw of new Set(values)) {
    const value = raw.trim();
    const key = value.toLocaleLowerCase('es');
    if (value && !byKey.has(key)) byKey.set(key, value);
  }
  return [...byKey.values()].sort(spanish.compare);
}
