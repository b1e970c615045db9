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

  /** When the admin logged in (epoch ms); null for a session from before this was kept. */
  @Column({ name: 'started_at', type: 'bigint', nullable: true, transformer: epochMillis })
  startedAt: number | null;

  /** The last request made with this session (epoch ms). */
  @Column({ name: 'last_seen_at', type: 'bigint', nullable: true, transformer: epochMillis })
  lastSeenAt: number | null;

  /** The browser's User-Agent at login, cut to 512 characters, to show which device it is. */
  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent: string | null;

  /** The client's address at login (Express's `request.ip`). */
  @Column({ name: 'address', type: 'varchar', length: 64, nullable: true })
  address: string | null;
}
