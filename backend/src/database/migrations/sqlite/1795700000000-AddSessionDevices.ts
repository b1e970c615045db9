import { MigrationInterface, QueryRunner } from 'typeorm';

/** What the sessions list shows of each session: when it started and was last used, from which device and address. */
export class AddSessionDevices1795700000000 implements MigrationInterface {
  name = 'AddSessionDevices1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "session" ADD COLUMN "started_at" bigint');
    await queryRunner.query('ALTER TABLE "session" ADD COLUMN "last_seen_at" bigint');
    await queryRunner.query('ALTER TABLE "session" ADD COLUMN "user_agent" varchar(512)');
    await queryRunner.query('ALTER TABLE "session" ADD COLUMN "address" varchar(64)');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE "session" DROP COLUMN "address"');
    await queryRunner.query('ALTER TABLE "session" DROP COLUMN "user_agent"');
    await queryRunner.query('ALTER TABLE "session" DROP COLUMN "last_seen_at"');
    await queryRunner.query('ALTER TABLE "session" DROP COLUMN "started_at"');
  }
}
