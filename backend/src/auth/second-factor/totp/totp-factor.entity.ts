import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AdminUser } from '../../../admin-users/admin-user.entity.js';
import { epochMillis } from '../../../database/transformers.js';

/** An admin's authenticator app (one per account); its secret is selected only to check a code. */
@Entity('admin_totp_factor')
export class TotpFactor {
  @PrimaryColumn({ name: 'admin_id', type: 'varchar', length: 36 })
  adminId: string;

  @ManyToOne(() => AdminUser, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'admin_id' })
  admin?: AdminUser;

  /** Base32 shared secret. */
  @Column({ type: 'varchar', length: 64, select: false })
  secret: string;

  /** When a first valid code confirmed it (epoch ms); null while enrolment is under way. */
  @Column({ name: 'confirmed_at', type: 'bigint', nullable: true, transformer: epochMillis })
  confirmedAt: number | null;

  /** The 30-second time step of the last accepted code: a code works once, and never an older one. */
  @Column({ name: 'last_used_step', type: 'bigint', nullable: true, transformer: epochMillis })
  lastUsedStep: number | null;

  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;
}
