import { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1795317388746 implements MigrationInterface {
  name = 'Init1795317388746';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "admin_user" ("id" varchar(36) PRIMARY KEY NOT NULL, "username" varchar(50) NOT NULL, "password_hash" varchar(255) NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')), "updated_at" datetime NOT NULL DEFAULT (datetime('now')), CONSTRAINT "UQ_4d0392574f49340bb75a102b041" UNIQUE ("username"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "login_attempt" ("key" varchar(64) PRIMARY KEY NOT NULL, "failures" integer NOT NULL, "blocked_until" bigint, "updated_at" bigint NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "session" ("sid" varchar(128) PRIMARY KEY NOT NULL, "data" text NOT NULL, "expires_at" bigint NOT NULL, "user_id" varchar(36))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_session_expires_at" ON "session" ("expires_at") `);
    await queryRunner.query(`CREATE INDEX "idx_session_user_id" ON "session" ("user_id") `);
    await queryRunner.query(
      `CREATE TABLE "system_flag" ("name" varchar(64) PRIMARY KEY NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "system_flag"`);
    await queryRunner.query(`DROP INDEX "idx_session_user_id"`);
    await queryRunner.query(`DROP INDEX "idx_session_expires_at"`);
    await queryRunner.query(`DROP TABLE "session"`);
    await queryRunner.query(`DROP TABLE "login_attempt"`);
    await queryRunner.query(`DROP TABLE "admin_user"`);
  }
}
