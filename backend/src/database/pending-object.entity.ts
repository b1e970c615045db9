import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from './transformers.js';

/**
 * Objects stored ahead of the write that references them (a restore's images), deleted in its
 * transaction: a row that remains names an orphan to delete.
 */
@Entity('pending_object')
export class PendingObject {
  @PrimaryColumn({ type: 'varchar', length: 200 })
  key: string;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;
}
