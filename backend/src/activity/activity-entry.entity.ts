import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ActivityKind } from './activity-kinds.js';
import { epochMillis } from '../database/transformers.js';

/** The details column holds JSON; TEXT on both dialects (activity.service.ts keeps it small). */
const json = {
  to: (value: Record<string, unknown> | null | undefined) =>
    value === null || value === undefined ? null : JSON.stringify(value),
  from: (value: string | null) => (value === null ? null : (JSON.parse(value) as Record<string, unknown>)),
};

/** One entry of the activity log; names are snapshots and ids have no foreign key (both may be gone since). */
@Entity('activity_entry')
@Index('idx_activity_at', ['at'])
@Index('idx_activity_shop_at', ['shopId', 'at'])
@Index('idx_activity_kind_at', ['kind', 'at'])
export class ActivityEntry {
  /** Increasing: ties of `at` (one bulk action) keep their order. */
  @PrimaryGeneratedColumn({ type: 'int' })
  id: number;

  /** When, in epoch milliseconds (the same on both dialects, and exact for the date filters). */
  @Column({ type: 'bigint', transformer: epochMillis })
  at: number;

  @Column({ type: 'varchar', length: 40 })
  kind: ActivityKind;

  /** The admin who acted; null for a failed login, the first admin's creation, or the server itself. */
  @Column({ name: 'actor_id', type: 'varchar', length: 36, nullable: true })
  actorId: string | null;

  @Column({ name: 'actor_name', type: 'varchar', length: 50, nullable: true })
  actorName: string | null;

  /** The client's address as Express sees it (TRUST_PROXY decides whether X-Forwarded-For counts). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  client: string | null;

  @Column({ name: 'shop_id', type: 'varchar', length: 36, nullable: true })
  shopId: string | null;

  @Column({ name: 'shop_name', type: 'varchar', length: 150, nullable: true })
  shopName: string | null;

  /** What else the entry says: changed fields with old and new values, counts, the username tried. */
  @Column({ type: 'text', nullable: true, transformer: json })
  details: Record<string, unknown> | null;
}
