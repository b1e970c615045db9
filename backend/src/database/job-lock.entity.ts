import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from './transformers.js';

/**
 * A lock held by one running job across all backend instances (the restore). The holder
 * refreshes `heartbeatAt`; a lock whose heartbeat stopped (a crashed process) is taken over.
 */
@Entity('job_lock')
export class JobLock {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  owner: string;

  @Column({ name: 'heartbeat_at', type: 'bigint', transformer: epochMillis })
  heartbeatAt: number;
}
