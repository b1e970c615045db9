import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from './transformers.js';

/**
 * A journal of objects stored ahead of the database write that will reference them (a
 * restore stores images first). The row is deleted in that write's transaction; a row that
 * remains means the write never happened, so the object is an orphan to delete (at start-up
 * after a crash, or at once after a failure).
 */
@Entity('pending_object')
export class PendingObject {
  @PrimaryColumn({ type: 'varchar', length: 200 })
  key: string;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;
}
