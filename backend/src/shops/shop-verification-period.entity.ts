import { Column, Entity, Index } from 'typeorm';
import { UuidPrimaryKey } from '../database/uuid-primary-key.js';
import { epochMillis } from '../database/transformers.js';

/**
 * One period of a shop's verification, kept when it is renewed or replaced: the shop's admin page
 * shows its history. The current one is also on the shop's row (the public reads need no join).
 * Ids have no foreign key, as in the activity log: the administrator may be deleted since.
 */
@Entity('shop_verification_period')
@Index('idx_verification_period_shop', ['shopId', 'recordedAt'])
export class ShopVerificationPeriod {
  @UuidPrimaryKey()
  id: string;

  @Column({ name: 'shop_id', type: 'varchar', length: 36 })
  shopId: string;

  @Column({ name: 'certificate_number', type: 'varchar', length: 40 })
  certificateNumber: string;

  @Column({ name: 'verified_on', type: 'varchar', length: 10 })
  verifiedOn: string;

  @Column({ name: 'valid_until', type: 'varchar', length: 10, nullable: true })
  validUntil: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  note: string | null;

  /** The administrator whose session recorded it (never a value a request sends); null for a restore or import. */
  @Column({ name: 'verified_by', type: 'varchar', length: 36, nullable: true })
  verifiedBy: string | null;

  @Column({ name: 'verified_by_name', type: 'varchar', length: 50, nullable: true })
  verifiedByName: string | null;

  /** When it was recorded, in epoch milliseconds. */
  @Column({ name: 'recorded_at', type: 'bigint', transformer: epochMillis })
  recordedAt: number;
}
