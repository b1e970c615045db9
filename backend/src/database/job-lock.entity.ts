import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from './transformers.js';

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
