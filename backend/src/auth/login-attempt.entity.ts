import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from '../database/transformers.js';

/**
 * Consecutive failed logins for one key (a client and a username, or a client alone),
 * in the database so the limit holds across backend instances (login-throttle.service.ts
 * writes it with one atomic statement).
 */
@Entity('login_attempt')
export class LoginAttempt {
  /** SHA-256 of the key, so usernames and addresses are not stored in clear. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key: string;

  /** Failures in a row; at the key's limit it is blocked until BLOCK_MS after the last one. */
  @Column({ type: 'int' })
  failures: number;

  /** When the last failure was counted. */
  @Column({ name: 'updated_at', type: 'bigint', transformer: epochMillis })
  updatedAt: number;
}
