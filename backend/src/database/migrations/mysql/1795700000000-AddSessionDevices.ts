import { MigrationInterface, QueryRunner } from 'typeorm';

/** What the sessions list shows of each session: when it started and was last used, from which device and address. */
export class AddSessionDevices1795700000000 implements MigrationInterface {
  name = 'AddSessionDevices1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE `session` ADD `started_at` bigint NULL, ADD `last_seen_at` bigint NULL, ADD `user_agent` varchar(512) NULL, ADD `address` varchar(64) NULL',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE `session` DROP COLUMN `address`, DROP COLUMN `user_agent`, DROP COLUMN `last_seen_at`, DROP COLUMN `started_at`',
    );
  }
}
