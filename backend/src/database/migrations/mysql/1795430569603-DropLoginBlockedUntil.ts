import { MigrationInterface, QueryRunner } from 'typeorm';

/** A block is now worked out from the count and the last failure (auth/login-throttle.service.ts). */
export class DropLoginBlockedUntil1795430569603 implements MigrationInterface {
  name = 'DropLoginBlockedUntil1795430569603';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`login_attempt\` DROP COLUMN \`blocked_until\``);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`login_attempt\` ADD \`blocked_until\` bigint NULL`);
  }
}
