import { MigrationInterface, QueryRunner } from 'typeorm';
import { backfillShopSlugs } from '../shop-slug-backfill.js';

/** Each shop's slug (filled in for existing shops), its old slugs, and the WhatsApp number. */
export class AddShopSlugsAndWhatsapp1795438272090 implements MigrationInterface {
  name = 'AddShopSlugsAndWhatsapp1795438272090';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "shop_old_slug" ("slug" varchar(120) PRIMARY KEY NOT NULL, "shop_id" varchar(36) NOT NULL, CONSTRAINT "FK_6b3853d76e76e79991bd54163a0" FOREIGN KEY ("shop_id") REFERENCES "shop" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_shop_old_slug_shop" ON "shop_old_slug" ("shop_id") `);
    // Nullable first, filled in, then made NOT NULL by rebuilding the table (SQLite's way).
    await queryRunner.query(`ALTER TABLE "shop" ADD COLUMN "slug" varchar(120)`);
    await backfillShopSlugs(queryRunner, '"');
    await queryRunner.query(`DROP INDEX "idx_shop_verified_name"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_shop" ("id" varchar(36) PRIMARY KEY NOT NULL, "name" varchar(150) NOT NULL, "description" text NOT NULL, "address" varchar(300) NOT NULL, "city" varchar(100) NOT NULL, "state" varchar(100) NOT NULL, "phone" varchar(40) NOT NULL, "email" varchar(254) NOT NULL, "website" varchar(2048), "logo" varchar(2048) NOT NULL, "map_image_url" varchar(2048) NOT NULL, "google_maps_url" varchar(2048) NOT NULL, "latitude" decimal(10,8), "longitude" decimal(11,8), "is_verified" varchar(5) NOT NULL DEFAULT ('false'), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), "slug" varchar(120) NOT NULL, "whatsapp" varchar(40))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_shop"("id", "name", "description", "address", "city", "state", "phone", "email", "website", "logo", "map_image_url", "google_maps_url", "latitude", "longitude", "is_verified", "created_at", "updated_at", "slug") SELECT "id", "name", "description", "address", "city", "state", "phone", "email", "website", "logo", "map_image_url", "google_maps_url", "latitude", "longitude", "is_verified", "created_at", "updated_at", "slug" FROM "shop"`,
    );
    await queryRunner.query(`DROP TABLE "shop"`);
    await queryRunner.query(`ALTER TABLE "temporary_shop" RENAME TO "shop"`);
    await queryRunner.query(`CREATE INDEX "idx_shop_verified_name" ON "shop" ("is_verified", "name") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "idx_shop_slug" ON "shop" ("slug") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_shop_slug"`);
    await queryRunner.query(`DROP INDEX "idx_shop_verified_name"`);
    await queryRunner.query(`ALTER TABLE "shop" RENAME TO "temporary_shop"`);
    await queryRunner.query(
      `CREATE TABLE "shop" ("id" varchar(36) PRIMARY KEY NOT NULL, "name" varchar(150) NOT NULL, "description" text NOT NULL, "address" varchar(300) NOT NULL, "city" varchar(100) NOT NULL, "state" varchar(100) NOT NULL, "phone" varchar(40) NOT NULL, "email" varchar(254) NOT NULL, "website" varchar(2048), "logo" varchar(2048) NOT NULL, "map_image_url" varchar(2048) NOT NULL, "google_maps_url" varchar(2048) NOT NULL, "latitude" decimal(10,8), "longitude" decimal(11,8), "is_verified" varchar(5) NOT NULL DEFAULT ('false'), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `INSERT INTO "shop"("id", "name", "description", "address", "city", "state", "phone", "email", "website", "logo", "map_image_url", "google_maps_url", "latitude", "longitude", "is_verified", "created_at", "updated_at") SELECT "id", "name", "description", "address", "city", "state", "phone", "email", "website", "logo", "map_image_url", "google_maps_url", "latitude", "longitude", "is_verified", "created_at", "updated_at" FROM "temporary_shop"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_shop"`);
    await queryRunner.query(`CREATE INDEX "idx_shop_verified_name" ON "shop" ("is_verified", "name") `);
    await queryRunner.query(`DROP INDEX "idx_shop_old_slug_shop"`);
    await queryRunner.query(`DROP TABLE "shop_old_slug"`);
  }
}
