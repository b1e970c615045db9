import { MigrationInterface, QueryRunner } from 'typeorm';

/** Administrators' second factors: an authenticator app's secret and single-use recovery codes (hashed). */
export class AddSecondFactors1795800000000 implements MigrationInterface {
  name = 'AddSecondFactors1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `admin_totp_factor` (`admin_id` varchar(36) NOT NULL, `secret` varchar(64) NOT NULL, `confirmed_at` bigint NULL, `last_used_step` bigint NULL, `created_at` bigint NOT NULL, PRIMARY KEY (`admin_id`)) ENGINE=InnoDB',
    );
    await queryRunner.query(
      'CREATE TABLE `admin_recovery_code` (`id` varchar(36) NOT NULL, `admin_id` varchar(36) NOT NULL, `code_hash` varchar(255) NOT NULL, `used_at` bigint NULL, INDEX `idx_admin_recovery_code_admin` (`admin_id`), PRIMARY KEY (`id`)) ENGINE=InnoDB',
    );
    await queryRunner.query(
      'ALTER TABLE `admin_totp_factor` ADD CONSTRAINT `FK_51cf90720c4c30d28d6d5f78044` FOREIGN KEY (`admin_id`) REFERENCES `admin_user`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
    await queryRunner.query(
      'ALTER TABLE `admin_recovery_code` ADD CONSTRAINT `FK_7238415dd5e82ef9c837f8c6192` FOREIGN KEY (`admin_id`) REFERENCES `admin_user`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE `admin_recovery_code` DROP FOREIGN KEY `FK_7238415dd5e82ef9c837f8c6192`',
    );
    await queryRunner.query(
      'ALTER TABLE `admin_totp_factor` DROP FOREIGN KEY `FK_51cf90720c4c30d28d6d5f78044`',
    );
    await queryRunner.query('DROP TABLE `admin_recovery_code`');
    await queryRunner.query('DROP TABLE `admin_totp_factor`');
  }
}
