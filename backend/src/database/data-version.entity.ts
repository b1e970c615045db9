import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A counter per data set, bumped in every write's transaction: one key read tells a cache it is current. */
@Entity('data_version')
export class DataVersion {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'int', default: 0 })
  version: number;
}
