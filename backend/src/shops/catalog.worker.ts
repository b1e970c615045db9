import { LRUCache } from 'lru-cache';
import { encodeBytes, JSON_TYPE, type EncodedDocument } from '../common/encoded-document.js';
import { distinctSorted, inDirectoryOrder } from './directory-order.js';
import type { ShopDto } from './dto/shop.dto.js';
import { SearchIndex } from './search-index.js';

/** Arrange a version's shops (each page read as JSON, see readShopsIn), or search or list one held here. */
export type CatalogTask =
  | { kind: 'arrange'; version: number; pages: readonly string[] }
  | { kind: 'search'; version: number; words: readonly string[] }
  | { kind: 'encodeList'; version: number };

/** What `arrange` answers: the shops' positions (as read) in the directory's order; the dropdowns' lists. */
export interface ArrangedCatalog {
  order: Int32Array;
  categories: string[];
  cities: string[];
  states: string[];
}

/** Versions kept here: the current one and the one requests may still hold. */
const versions = new LRUCache<number, { shops: ShopDto[]; search?: SearchIndex }>({ max: 2 });

/** CatalogWorker's thread: work that grows with the shops, off the web loop; a version not held is null. */
export default async function catalogTask(
  task: CatalogTask,
): Promise<ArrangedCatalog | Int32Array | EncodedDocument | null> {
  if (task.kind === 'arrange') return arrange(task.version, task.pages);
  const held = versions.get(task.version);
  if (!held) return null;
  if (task.kind === 'search') {
    held.search ??= new SearchIndex(held.shops);
    return held.search.matching(task.words);
  }
  // Kept compressed only: browsers take brotli or gzip, and the whole list's JSON is large.
  return encodeBytes(Buffer.from(JSON.stringify(held.shops)), JSON_TYPE, { compressedOnly: true });
}

function arrange(version: number, pages: readonly string[]): ArrangedCatalog {
  const read = pages.flatMap((page) => JSON.parse(page) as ShopDto[]);
  const position = new Map(read.map((shop, index) => [shop, index]));
  const shops = inDirectoryOrder(read);
  versions.set(version, { shops });
  return {
    order: Int32Array.from(shops, (shop) => position.get(shop)!),
    categories: distinctSorted(shops.flatMap((shop) => shop.categories)),
    cities: distinctSorted(shops.map((shop) => shop.city)),
    states: distinctSorted(shops.map((shop) => shop.state)),
  };
}
