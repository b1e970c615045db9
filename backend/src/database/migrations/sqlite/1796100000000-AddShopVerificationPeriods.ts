import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A shop's verification with a life: its current certificate on the shop's row and every period in
 * a table of its own. A shop verified before keeps its checkbox with no dates ("verified, no dates").
 */
export class AddShopVerificationPeriods1796100000000 implements MigrationInterface {
  name = 'AddShopVerificationPeriods1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "shop" ADD COLUMN "certificate_number" varchar(40)');
    await queryRunner.query('ALTER TABLE "shop" ADD COLUMN "verified_on" varchar(10)');
    await queryRunner.query('ALTER TABLE "shop" ADD COLUMN "valid_until" varchar(10)');
    await queryRunner.query('ALTER TABLE "shop" ADD COLUMN "verification_note" varchar(300)');
    await queryRunner.query(`CREATE INDEX "idx_shop_certificate_number" ON "shop" ("certificate_number") `);
    await queryRunner.query(
      `CREATE INDEX "idx_shop_verified_valid_until" ON "shop" ("is_verified", "valid_until") `,
    );
    await queryRunner.query(
      `CREATE TABLE "shop_verification_period" ("id" varchar(36) PRIMARY KEY NOT NULL, "shop_id" varchar(36) NOT NULL, "certificate_number" varchar(40) NOT NULL, "verified_on" varchar(10) NOT NULL, "valid_until" varchar(10), "note" varchar(300), "verified_by" varchar(36), "verified_by_name" varchar(50), "recorded_at" bigint NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_verification_period_shop" ON "shop_verification_period" ("shop_id", "recorded_at") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_verification_period_shop"`);
    await queryRunner.query(`DROP TABLE "shop_verification_period"`);
    await queryRunner.query(`DROP INDEX "idx_shop_verified_valid_until"`);
    await queryRunner.query(`DROP INDEX "idx_shop_certificate_number"`);
    await queryRunner.query('ALTER TABLE "shop" DROP COLUMN "verification_note"');
    await queryRunner.query('ALTER TABLE "shop" DROP COLUMN "valid_until"');
    await queryRunner.query('ALTER TABLE "shop" DROP COLUMN "verified_on"');
    await queryRunner.query('ALTER TABLE "shop" DROP COLUMN "certificate_number"');
  }
}
