import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { AdminUser } from '../../admin-users/admin-user.entity.js';
import { epochMillis } from '../../database/transformers.js';
import { UuidPrimaryKey } from '../../database/uuid-primary-key.js';

/** A passkey (WebAuthn credential) of an administrator; its public key never leaves the server. */
@Entity('passkey')
export class Passkey {
  @UuidPrimaryKey()
  id: string;

  @Index('idx_passkey_admin_id')
  @Column({ name: 'admin_id', type: 'varchar', length: 36 })
  adminId: string;

  @ManyToOne(() => AdminUser, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'admin_id', foreignKeyConstraintName: 'fk_passkey_admin' })
  admin?: AdminUser;

  /** The admin's own label for it ("Laptop", "Phone"). */
  @Column({ type: 'varchar', length: 60 })
  name: string;

  /** The credential id the authenticator chose, base64url. */
  @Column({ name: 'credential_id', type: 'text' })
  credentialId: string;

  /** SHA-256 of the credential id: the id is case-sensitive and MySQL's collation is not. */
  @Index('uq_passkey_credential_key', { unique: true })
  @Column({ name: 'credential_key', type: 'varchar', length: 64 })
  credentialKey: string;

  /** The COSE public key, base64url. */
  @Column({ name: 'public_key', type: 'text', select: false })
  publicKey: string;

  /** The authenticator's signature counter as last seen (0 for those that keep none). */
  @Column({ type: 'bigint', transformer: epochMillis })
  counter: number;

  /** How the browser can reach the authenticator (usb, nfc, ble, internal, hybrid), comma-separated. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  transports: string | null;

  /** When it was registered (epoch ms). */
  @Column({ name: 'created_at', type: 'bigint', transformer: epochMillis })
  createdAt: number;

  /** Its last successful sign-in or re-authentication (epoch ms). */
  @Column({ name: 'last_used_at', type: 'bigint', nullable: true, transformer: epochMillis })
  lastUsedAt: number | null;
}
