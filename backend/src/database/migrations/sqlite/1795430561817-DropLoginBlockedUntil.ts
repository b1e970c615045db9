import { MigrationInterface, QueryRunner } from 'typeorm';

/** A block is now worked out from the count and the last failure (auth/login-throttle.service.ts). */
export class DropLoginBlockedUntil1795430561817 implements MigrationInterface {
  name = 'DropLoginBlockedUntil1795430561817';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "temporary_login_attempt" ("key" varchar(64) PRIMARY KEY NOT NULL, "failures" integer NOT NULL, "updated_at" bigint NOT NULL)`,
    );
    await queryRunner.query(
      `INSERT INTO "temporary_login_attempt"("key", "failures", "updated_at") SELECT "key", "failures", "updated_at" FROM "login_attempt"`,
    );
    await queryRunner.query(`DROP TABLE "login_attempt"`);
    await queryRunner.query(`ALTER TABLE "temporary_login_attempt" RENAME TO "login_attempt"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "login_attempt" RENAME TO "temporary_login_attempt"`);
    await queryRunner.query(
      `CREATE TABLE "login_attempt" ("key" varchar(64) PRIMARY KEY NOT NULL, "failures" integer NOT NULL, "blocked_until" bigint, "updated_at" bigint NOT NULL)`,
    );
    await queryRunner.query(
      `INSERT INTO "login_attempt"("key", "failures", "updated_at") SELECT "key", "failures", "updated_at" FROM "temporary_login_attempt"`,
    );
    await queryRunner.query(`DROP TABLE "temporary_login_attempt"`);
  }
}
