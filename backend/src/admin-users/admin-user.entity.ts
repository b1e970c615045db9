import { Column, CreateDateColumn, Entity, UpdateDateColumn } from 'typeorm';
import { UuidPrimaryKey } from '../database/uuid-primary-key.js';

/** An administrator account. The password hash never leaves the server (see AdminUserDto). */
@Entity('admin_user')
export class AdminUser {
  @UuidPrimaryKey()
  id: string;

  @Column({ type: 'varchar', length: 50, unique: true })
  username: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255, select: false })
  passwordHash: string;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at' })
  updatedAt: Date;
}
