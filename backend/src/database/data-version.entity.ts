import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A counter per data set ('shops') bumped in the same transaction as every write, so each
 * backend instance can tell with one primary-key read whether its cached copy is current.
 */
@Entity('data_version')
export class DataVersion {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'int', default: 0 })
  version: number;
}
