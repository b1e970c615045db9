import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { Shop } from './shop.entity.js';

/** A slug a shop had before a rename: its URL answers 301 while the shop exists, and no other shop gets it. */
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
