import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from './transformers.js';

/** Images no shop may use: kept for a backup being streamed, swept after the grace period. */
@Entity('unattached_object')
export class UnattachedObject {
  @PrimaryColumn({ type: 'varchar', length: 200 })
  key: string;

  /** When the key was issued or released. */
  @Column({ type: 'bigint', transformer: epochMillis })
  since: number;
}
