import type { QueryRunner } from 'typeorm';
import { searchKeysOf } from '../../shops/shop.rules.js';

interface ShopRow {
  id: string;
  name: string;
  description: string;
  city: string;
  state: string;
  email: string;
}

/**
 * Writes the admin list's sort and search keys of the shops that exist when the columns are
 * added (both dialects' AddAdminShopListKeys): plain SQL both accept, a batch of shops at a time.
 */
export async function backfillShopListKeys(queryRunner: QueryRunner): Promise<void> {
  const shops: ShopRow[] = await queryRunner.query(
    'SELECT id, name, description, city, state, email FROM shop ORDER BY id',
  );
  const categoryRows: { shop_id: string; name: string }[] = await queryRunner.query(
    'SELECT shop_id, name FROM shop_category ORDER BY shop_id, position',
  );
  const categories = new Map<string, string[]>();
  for (const row of categoryRows)
    categories.set(row.shop_id, [...(categories.get(row.shop_id) ?? []), row.name]);
  for (const shop of shops) {
    const keys = searchKeysOf(shop, categories.get(shop.id) ?? []);
    await queryRunner.query('UPDATE shop SET name_key = ?, city_key = ?, search_text = ? WHERE id = ?', [
      keys.nameKey,
      keys.cityKey,
      keys.searchText,
      shop.id,
    ]);
  }
}
