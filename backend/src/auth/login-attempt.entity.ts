import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from '../database/transformers.js';

/**
 * Consecutive failed logins for one key (a client and a username, or a client alone),
 * in the database so the limit holds across backend instances.
 */
@Entity('login_attempt')
export class LoginAttempt {
  /** SHA-256 of the key, so usernames and addresses are not stored in clear. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key: string;

  @Column({ type: 'int' })
  failures: number;

  @Column({ name: 'blocked_until', type: 'bigint', nullable: true, transformer: epochMillis })
  blockedUntil: number | null;

  @Column({ name: 'updated_at', type: 'bigint', transformer: epochMillis })
  updatedAt: number;
}
