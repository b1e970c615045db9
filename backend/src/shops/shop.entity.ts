import { Column, CreateDateColumn, Entity, Index, UpdateDateColumn } from 'typeorm';
import { UuidPrimaryKey } from '../database/uuid-primary-key.js';

/** Decimal columns come back as strings from MySQL; coordinates are used as numbers. */
const decimalNumber = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? null : Number(value)),
};

/** A gunsmith shop of the directory. */
@Entity('shop')
@Index('idx_shop_verified_name', ['isVerified', 'name'])
@Index('idx_shop_slug', ['slug'], { unique: true })
@Index('idx_shop_verified_name_key', ['isVerified', 'nameKey'])
@Index('idx_shop_name_key', ['nameKey'])
@Index('idx_shop_city_key', ['cityKey'])
@Index('idx_shop_state', ['state'])
@Index('idx_shop_updated_at', ['updatedAt'])
@Index('idx_shop_certificate_number', ['certificateNumber'])
@Index('idx_shop_verified_valid_until', ['isVerified', 'validUntil'])
export class Shop {
  @UuidPrimaryKey()
  id: string;

  @Column({ type: 'varchar', length: 150 })
  name: string;

  /** The readable URL segment made from name and city (shop-slug.ts); unique. */
  @Column({ type: 'varchar', length: 120 })
  slug: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'varchar', length: 300 })
  address: string;

  @Column({ type: 'varchar', length: 100 })
  city: string;

  @Column({ type: 'varchar', length: 100 })
  state: string;

  @Column({ type: 'varchar', length: 40 })
  phone: string;

  /** An international number for https://wa.me/<digits>, or null. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  whatsapp: string | null;

  @Column({ type: 'varchar', length: 254 })
  email: string;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  website: string | null;

  /** An /objects/... path, an http(s) URL or an icon key. */
  @Column({ type: 'varchar', length: 2048 })
  logo: string;

  @Column({ name: 'map_image_url', type: 'varchar', length: 2048 })
  mapImageUrl: string;

  @Column({ name: 'google_maps_url', type: 'varchar', length: 2048 })
  googleMapsUrl: string;

  /** Weekly hours in the contract's OSM subset, canonical (contract/src/opening-hours.js), or null. */
  @Column({ name: 'opening_hours', type: 'varchar', length: 500, nullable: true })
  openingHours: string | null;

  @Column({ name: 'hours_note', type: 'varchar', length: 200, nullable: true })
  hoursNote: string | null;

  @Column({ type: 'decimal', precision: 10, scale: 8, nullable: true, transformer: decimalNumber })
  latitude: number | null;

  @Column({ type: 'decimal', precision: 11, scale: 8, nullable: true, transformer: decimalNumber })
  longitude: number | null;

  /** The text 'true' or 'false', as the API answers it. */
  @Column({ name: 'is_verified', type: 'varchar', length: 5, default: 'false' })
  isVerified: 'true' | 'false';

  /** The current certificate (contract/src/verification.js); its earlier periods are ShopVerificationPeriod rows. */
  @Column({ name: 'certificate_number', type: 'varchar', length: 40, nullable: true })
  certificateNumber: string | null;

  /** Days as `YYYY-MM-DD` text: compared as text, the same on both dialects and in every time zone. */
  @Column({ name: 'verified_on', type: 'varchar', length: 10, nullable: true })
  verifiedOn: string | null;

  @Column({ name: 'valid_until', type: 'varchar', length: 10, nullable: true })
  validUntil: string | null;

  @Column({ name: 'verification_note', type: 'varchar', length: 300, nullable: true })
  verificationNote: string | null;

  /** Accent- and case-free keys (searchKeysOf): SQL sorts 'Álvarez' with the a's and LIKE finds 'armeria'. */
  @Column({ name: 'name_key', type: 'varchar', length: 150, default: '' })
  nameKey: string;

  @Column({ name: 'city_key', type: 'varchar', length: 100, default: '' })
  cityKey: string;

  /** Name, description, city, state, email and categories, normalised, one per line. */
  @Column({ name: 'search_text', type: 'text', nullable: true })
  searchText: string | null;

  @CreateDateColumn({ name: 'created_at' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at' })
  updatedAt: Date;
}
