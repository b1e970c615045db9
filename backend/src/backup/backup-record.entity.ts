import { Column, CreateDateColumn, Entity, Index } from 'typeorm';
import { UuidPrimaryKey } from '../database/uuid-primary-key.js';

export type BackupRecordKind = 'full' | 'data' | 'auto' | 'auto-error';

/** A backup downloaded ('full', 'data'), stored ('auto') or failed ('auto-error'): the dashboard's reminder. */
@Entity('backup_record')
@Index('idx_backup_record_kind_created', ['kind', 'createdAt'])
export class BackupRecord {
  @UuidPrimaryKey()
  id: string;

  @Column({ type: 'varchar', length: 10 })
  kind: BackupRecordKind;

  @Column({ type: 'int' })
  shops: number;

  @Column({ type: 'int' })
  images: number;

  @Column({ type: 'bigint', transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } })
  bytes: number;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}
