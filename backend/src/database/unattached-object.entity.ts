import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from './transformers.js';

/**
 * Uploaded images that may belong to no shop: an upload link was issued for the key (the
 * image may never be put on a shop), or a shop stopped using it (replaced or deleted). Nothing
 * is deleted at that moment, so a backup being streamed still finds every image its shops.json
 * names; the image sweep deletes the object once the grace period has passed and no shop
 * references it (see ImageSweepService).
 */
@Entity('unattached_object')
export class UnattachedObject {
  @PrimaryColumn({ type: 'varchar', length: 200 })
  key: string;

  /** When the key was issued or released. */
  @Column({ type: 'bigint', transformer: epochMillis })
  since: number;
}
