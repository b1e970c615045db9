import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddShops1795317913628 implements MigrationInterface {
  name = 'AddShops1795317913628';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "shop_category" ("shop_id" varchar(36) NOT NULL, "name" varchar(50) NOT NULL, "position" integer NOT NULL, PRIMARY KEY ("shop_id", "name"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_shop_category_name" ON "shop_category" ("name") `);
    await queryRunner.query(
      `CREATE TABLE "shop" ("id" varchar(36) PRIMARY KEY NOT NULL, "name" varchar(150) NOT NULL, "description" text NOT NULL, "address" varchar(300) NOT NULL, "city" varchar(100) NOT NULL, "state" varchar(100) NOT NULL, "phone" varchar(40) NOT NULL, "email" varchar(254) NOT NULL, "website" varchar(2048), "logo" varchar(2048) NOT NULL, "map_image_url" varchar(2048) NOT NULL, "google_maps_url" varchar(2048) NOT NULL, "latitude" decimal(10,8), "longitude" decimal(11,8), "is_verified" varchar(5) NOT NULL DEFAULT ('false'), "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_shop_verified_name" ON "shop" ("is_verified", "name") `);
    await queryRunner.query(
      `CREATE TABLE "data_version" ("name" varchar(64) PRIMARY KEY NOT NULL, "version" integer NOT NULL DEFAULT (0))`,
    );
    await queryRunner.query(`DROP INDEX "idx_shop_category_name"`);
    await queryRunner.query(
      `CREATE TABLE "temporary_shop_category" ("shop_id" varchar(36) NOT NULL, "name" varchar(50) NOT NULL, "position" integer NOT NULL, CONSTRAINT "FK_6308b4186750f8fc91426e48749" FOREIGN KEY ("shop_id") REFERENCES "shop" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("shop_id", "name"))`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_shop_category"("shop_id", "name", "position") SELECT "shop_id", "name", "position" FROM "shop_category"`,
    );
    await queryRunner.query(`DROP TABLE "shop_category"`);
    await queryRunner.query(`ALTER TABLE "temporary_shop_category" RENAME TO "shop_category"`);
    await queryRunner.query(`CREATE INDEX "idx_shop_category_name" ON "shop_category" ("name") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_shop_category_name"`);
    await queryRunner.query(`ALTER TABLE "shop_category" RENAME TO "temporary_shop_category"`);
    await queryRunner.query(
      `CREATE TABLE "shop_category" ("shop_id" varchar(36) NOT NULL, "name" varchar(50) NOT NULL, "position" integer NOT NULL, PRIMARY KEY ("shop_id", "name"))`,
    );
    await queryRunner.query(
      `INSERT INTO "shop_category"("shop_id", "name", "position") SELECT "shop_id", "name", "position" FROM "temporary_shop_category"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_shop_category"`);
    await queryRunner.query(`CREATE INDEX "idx_shop_category_name" ON "shop_category" ("name") `);
    await queryRunner.query(`DROP TABLE "data_version"`);
    await queryRunner.query(`DROP INDEX "idx_shop_verified_name"`);
    await queryRunner.query(`DROP TABLE "shop"`);
    await queryRunner.query(`DROP INDEX "idx_shop_category_name"`);
    await queryRunner.query(`DROP TABLE "shop_category"`);
  }
}
