import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { epochMillis } from '../database/transformers.js';

/** An express-session record, kept in the database so every backend instance shares it. */
@Entity('session')
export class Session {
  @PrimaryColumn({ type: 'varchar', length: 128 })
  sid: string;

  @Column({ type: 'text' })
  data: string;

  @Index('idx_session_expires_at')
  @Column({ name: 'expires_at', type: 'bigint', transformer: epochMillis })
  expiresAt: number;

  /** The admin this session belongs to, so deleting an admin can end all their sessions. */
  @Index('idx_session_user_id')
  @Column({ name: 'user_id', type: 'varchar', length: 36, nullable: true })
  userId: string | null;
}
