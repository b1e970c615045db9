import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddImageSweepAndUploadQuota1795400000000 implements MigrationInterface {
  name = 'AddImageSweepAndUploadQuota1795400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "unattached_object" ("key" varchar(200) PRIMARY KEY NOT NULL, "since" bigint NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "upload_quota" ("key" varchar(64) PRIMARY KEY NOT NULL, "links" integer NOT NULL, "window_ends_at" bigint NOT NULL)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "upload_quota"`);
    await queryRunner.query(`DROP TABLE "unattached_object"`);
  }
}
