import { Column, Entity, PrimaryColumn } from 'typeorm';
import { epochMillis } from '../database/transformers.js';

/**
 * Upload links issued to one admin session in one fixed time window, in the database so the
 * limit holds across backend instances.
 */
@Entity('upload_quota')
export class UploadQuota {
  /** SHA-256 of the session id and the window's number, so session ids are not stored. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key: string;

  @Column({ type: 'int' })
  links: number;

  /** When the window ends (the row is useless after it and the image sweep deletes it). */
  @Column({ name: 'window_ends_at', type: 'bigint', transformer: epochMillis })
  windowEndsAt: number;
}
