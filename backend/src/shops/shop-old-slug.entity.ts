import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { Shop } from './shop.entity.js';

/**
 * A slug a shop had before a rename changed it: its old URL answers 301 to the current one
 * for as long as the shop exists (links shared and pages indexed keep working). Such a slug is
 * never given to another shop.
 */
@Entity('shop_old_slug')
@Index('idx_shop_old_slug_shop', ['shopId'])
export class ShopOldSlug {
  @PrimaryColumn({ type: 'varchar', length: 120 })
  slug: string;

  @Column({ name: 'shop_id', type: 'varchar', length: 36 })
  shopId: string;

  @ManyToOne('Shop', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'shop_id' })
  shop: Shop;
}
