import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Shop } from './shop.entity.js';

/**
 * One category of one shop. A table of their own (not a JSON column) makes the distinct
 * category list an index scan, exact on every dialect; `position` keeps the admin's order.
 */
@Entity('shop_category')
@Index('idx_shop_category_name', ['name'])
export class ShopCategory {
  @PrimaryColumn({ name: 'shop_id', type: 'varchar', length: 36 })
  shopId: string;

  @PrimaryColumn({ type: 'varchar', length: 50 })
  name: string;

  @Column({ type: 'int' })
  position: number;

  // One way: a shop's categories are read by their own query (the shop names none of them).
  @ManyToOne(() => Shop, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'shop_id' })
  shop: Shop;
}
