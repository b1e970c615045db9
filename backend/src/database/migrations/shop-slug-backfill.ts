import type { QueryRunner } from 'typeorm';
import { baseSlug, firstFreeSlug } from '../../shops/shop-slug.js';

/**
 * Gives every existing shop its slug, oldest first (the first of two namesakes keeps the plain
 * slug), by the rules new shops follow (shops/shop-slug.ts). Shared by both dialects' migration;
 * `quote` is the dialect's identifier quote.
 */
export async function backfillShopSlugs(queryRunner: QueryRunner, quote: '"' | '`'): Promise<void> {
  const q = (name: string) => `${quote}${name}${quote}`;
  const shops = (await queryRunner.query(
    `SELECT ${q('id')}, ${q('name')}, ${q('city')} FROM ${q('shop')} ORDER BY ${q('created_at')}, ${q('id')}`,
  )) as { id: string; name: string; city: string }[];
  const taken = new Set<string>();
  for (const shop of shops) {
    const slug = firstFreeSlug(baseSlug(shop.name, shop.city), (candidate) => taken.has(candidate));
    taken.add(slug);
    await queryRunner.query(`UPDATE ${q('shop')} SET ${q('slug')} = ? WHERE ${q('id')} = ?`, [slug, shop.id]);
  }
}
