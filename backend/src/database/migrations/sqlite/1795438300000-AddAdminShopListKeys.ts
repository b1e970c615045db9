import { MigrationInterface, QueryRunner } from 'typeorm';
import { backfillShopListKeys } from '../backfill-shop-list-keys.js';

/**
 * The admin list's sort and search keys and the indexes that page, sort and filter 10,000
 * shops (shops/admin-shops.service.ts). ADD COLUMN rather than TypeORM's copy of the table:
 * dropping `shop` would cascade to its categories.
 */
export class AddAdminShopListKeys1795438300000 implements MigrationInterface {
  name = 'AddAdminShopListKeys1795438300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shop" ADD COLUMN "name_key" varchar(150) NOT NULL DEFAULT ('')`);
    await queryRunner.query(`ALTER TABLE "shop" ADD COLUMN "city_key" varchar(100) NOT NULL DEFAULT ('')`);
    await queryRunner.query(`ALTER TABLE "shop" ADD COLUMN "search_text" text`);
    await queryRunner.query(`CREATE INDEX "idx_shop_updated_at" ON "shop" ("updated_at") `);
    await queryRunner.query(`CREATE INDEX "idx_shop_state" ON "shop" ("state") `);
    await queryRunner.query(`CREATE INDEX "idx_shop_city_key" ON "shop" ("city_key") `);
    await queryRunner.query(`CREATE INDEX "idx_shop_name_key" ON "shop" ("name_key") `);
    await queryRunner.query(
      `CREATE INDEX "idx_shop_verified_name_key" ON "shop" ("is_verified", "name_key") `,
    );
    await backfillShopListKeys(queryRunner);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_shop_verified_name_key"`);
    await queryRunner.query(`DROP INDEX "idx_shop_name_key"`);
    await queryRunner.query(`DROP INDEX "idx_shop_city_key"`);
    await queryRunner.query(`DROP INDEX "idx_shop_state"`);
    await queryRunner.query(`DROP INDEX "idx_shop_updated_at"`);
    await queryRunner.query(`ALTER TABLE "shop" DROP COLUMN "search_text"`);
    await queryRunner.query(`ALTER TABLE "shop" DROP COLUMN "city_key"`);
    await queryRunner.query(`ALTER TABLE "shop" DROP COLUMN "name_key"`);
  }
}
