import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A shop's verification with a life: its current certificate on the shop's row and every period in
 * a table of its own. A shop verified before keeps its checkbox with no dates ("verified, no dates").
 */
export class AddShopVerificationPeriods1796100000000 implements MigrationInterface {
  name = 'AddShopVerificationPeriods1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE `shop` ADD `certificate_number` varchar(40) NULL, ADD `verified_on` varchar(10) NULL, ADD `valid_until` varchar(10) NULL, ADD `verification_note` varchar(300) NULL',
    );
    await queryRunner.query('CREATE INDEX `idx_shop_certificate_number` ON `shop` (`certificate_number`)');
    await queryRunner.query(
      'CREATE INDEX `idx_shop_verified_valid_until` ON `shop` (`is_verified`, `valid_until`)',
    );
    await queryRunner.query(
      'CREATE TABLE `shop_verification_period` (`id` varchar(36) NOT NULL, `shop_id` varchar(36) NOT NULL, `certificate_number` varchar(40) NOT NULL, `verified_on` varchar(10) NOT NULL, `valid_until` varchar(10) NULL, `note` varchar(300) NULL, `verified_by` varchar(36) NULL, `verified_by_name` varchar(50) NULL, `recorded_at` bigint NOT NULL, INDEX `idx_verification_period_shop` (`shop_id`, `recorded_at`), PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `shop_verification_period`');
    await queryRunner.query('DROP INDEX `idx_shop_verified_valid_until` ON `shop`');
    await queryRunner.query('DROP INDEX `idx_shop_certificate_number` ON `shop`');
    await queryRunner.query(
      'ALTER TABLE `shop` DROP COLUMN `verification_note`, DROP COLUMN `valid_until`, DROP COLUMN `verified_on`, DROP COLUMN `certificate_number`',
    );
  }
}
