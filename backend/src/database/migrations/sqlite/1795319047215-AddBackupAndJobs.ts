import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddBackupAndJobs1795319047215 implements MigrationInterface {
  name = 'AddBackupAndJobs1795319047215';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "backup_record" ("id" varchar(36) PRIMARY KEY NOT NULL, "kind" varchar(10) NOT NULL, "shops" integer NOT NULL, "images" integer NOT NULL, "bytes" bigint NOT NULL, "created_at" datetime NOT NULL DEFAULT (datetime('now')))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_backup_record_kind_created" ON "backup_record" ("kind", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "job_lock" ("name" varchar(64) PRIMARY KEY NOT NULL, "owner" varchar(100) NOT NULL, "heartbeat_at" bigint NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "pending_object" ("key" varchar(200) PRIMARY KEY NOT NULL, "created_at" bigint NOT NULL)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "pending_object"`);
    await queryRunner.query(`DROP TABLE "job_lock"`);
    await queryRunner.query(`DROP INDEX "idx_backup_record_kind_created"`);
    await queryRunner.query(`DROP TABLE "backup_record"`);
  }
}
