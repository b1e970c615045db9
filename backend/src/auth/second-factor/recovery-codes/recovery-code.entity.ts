import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { AdminUser } from '../../../admin-users/admin-user.entity.js';
import { UuidPrimaryKey } from '../../../database/uuid-primary-key.js';
import { epochMillis } from '../../../database/transformers.js';

/** One single-use recovery code of an admin, stored as an argon2 hash like a password. */
@Entity('admin_recovery_code')
@Index('idx_admin_recovery_code_admin', ['adminId'])
export class RecoveryCode {
  @UuidPrimaryKey()
  id: string;

  @Column({ name: 'admin_id', type: 'varchar', length: 36 })
  adminId: string;

  @ManyToOne(() => AdminUser, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'admin_id' })
  admin?: AdminUser;

  @Column({ name: 'code_hash', type: 'varchar', length: 255, select: false })
  codeHash: string;

  /** When it was used (epoch ms); a used code never works again. */
  @Column({ name: 'used_at', type: 'bigint', nullable: true, transformer: epochMillis })
  usedAt: number | null;
}
