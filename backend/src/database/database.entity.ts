import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from './transformers.js';

// The database layer's own small tables.

/** One-time facts of this installation ('first-admin'): the primary key makes claiming one atomic. */
@Entity('system_flag')
export class SystemFlag {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;
}

/** A counter per data set, bumped in every write's transaction: one key read tells a cache it is current. */
@Entity('data_version')
export class DataVersion {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'int', default: 0 })
  version: number;
}

/** A job's lock across instances (the restore), kept by its heartbeat; a stale one is taken over. */
@Entity('job_lock')
export class JobLock {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  owner: string;

  @Column({ name: 'heartbeat_at', type: 'bigint', transformer: epochMillis })
  heartbeatAt: number;
}

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

/** Images no shop may use: kept for a backup being streamed, swept after the grace period. */
@Entity('unattached_object')
export class UnattachedObject {
  @PrimaryColumn({ type: 'varchar', length: 200 })
  key: string;

  /** When the key was issued or released. */
  @Column({ type: 'bigint', transformer: epochMillis })
  since: number;
}
