import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from './transformers.js';

/**
 * Uploaded images that may belong to no shop (a link issued, or a shop stopped using it): kept so
 * a backup being streamed finds them; ImageSweepService deletes them after the grace period.
 */
@Entity('unattached_object')
export class UnattachedObject {
  @PrimaryColumn({ type: 'varchar', length: 200 })
  key: string;

  /** When the key was issued or released. */
  @Column({ type: 'bigint', transformer: epochMillis })
  since: number;
}
