import type { ShopValues } from 'contract';
import { In, MoreThan, type EntityManager } from 'typeorm';
import type { FieldError } from '../common/api-error.js';
import { ShopCategory } from './shop-category.entity.js';
import { Shop } from './shop.entity.js';
import { objectKeyOf } from './shop.rules.js';

// The shops as stored, for the writer and the jobs that plan against them (an import, a restore).

/** A shop row as read, with its categories in order: what an update compares against. */
export interface StoredShop {
  shop: Shop;
  categories: string[];
}

/** Shops in one query of `readStoredShops`, by id or in id order. */
const READ_PAGE = 100;

/** Ids in one `IN (...)` of a bulk change: below every dialect's limit on bound parameters. */
export const ID_CHUNK = 500;

export const chunksOf = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** The rows and categories of `ids` (every shop when omitted), read a page at a time. */
export async function readStoredShops(
  manager: EntityManager,
  ids?: readonly string[],
): Promise<StoredShop[]> {
  const stored: StoredShop[] = [];
  await eachStoredPage(manager, ids, (page) => void stored.push(...page));
  return stored;
}

/** Each page of shops of `ids` (every shop, in id order, when omitted), with its categories in order. */
export async function eachStoredPage(
  manager: EntityManager,
  ids: readonly string[] | undefined,
  each: (page: StoredShop[]) => unknown,
): Promise<void> {
  const withCategories = (shops: Shop[]) => withCategoriesOf(manager, shops);
  if (ids) {
    for (const chunk of chunksOf(ids, READ_PAGE))
      await each(await withCategories(await manager.getRepository(Shop).findBy({ id: In(chunk) })));
    return;
  }
  for (let after = ''; ;) {
    const page = await manager
      .getRepository(Shop)
      .find({ where: { id: MoreThan(after) }, order: { id: 'ASC' }, take: READ_PAGE });
    if (page.length) await each(await withCategories(page));
    if (page.length < READ_PAGE) return;
    after = page[page.length - 1].id;
  }
}

export async function withCategoriesOf(manager: EntityManager, shops: Shop[]): Promise<StoredShop[]> {
  const rows = await manager.getRepository(ShopCategory).find({
    where: { shopId: In(shops.map((shop) => shop.id)) },
    order: { position: 'ASC' },
  });
  const byShop = Map.groupBy(rows, (row) => row.shopId);
  return shops.map((shop) => ({ shop, categories: byShop.get(shop.id)?.map((row) => row.name) ?? [] }));
}

/** The errors of the uploaded images `values` newly point to; `check` says what is wrong with one. */
export async function imageProblemsOf(
  values: Partial<ShopValues>,
  before: Partial<Shop> | undefined,
  check: (key: string) => Promise<string | null>,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const [field, label] of [
    ['logo', 'Logo'],
    ['mapImageUrl', 'Map image'],
  ] as const) {
    const key = objectKeyOf(values[field]);
    if (!key || values[field] === before?.[field]) continue;
    const problem = await check(key);
    if (problem) errors.push({ field, code: 'INVALID_IMAGE', message: `${label}: ${problem}` });
  }
  return errors;
}
