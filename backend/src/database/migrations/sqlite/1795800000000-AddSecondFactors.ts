import { MigrationInterface, QueryRunner } from 'typeorm';

/** Administrators' second factors: an authenticator app's secret and single-use recovery codes (hashed). */
export class AddSecondFactors1795800000000 implements MigrationInterface {
  name = 'AddSecondFactors1795800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "admin_totp_factor" ("admin_id" varchar(36) PRIMARY KEY NOT NULL, "secret" varchar(64) NOT NULL, "confirmed_at" bigint, "last_used_step" bigint, "created_at" bigint NOT NULL, CONSTRAINT "FK_51cf90720c4c30d28d6d5f78044" FOREIGN KEY ("admin_id") REFERENCES "admin_user" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE TABLE "admin_recovery_code" ("id" varchar(36) PRIMARY KEY NOT NULL, "admin_id" varchar(36) NOT NULL, "code_hash" varchar(255) NOT NULL, "used_at" bigint, CONSTRAINT "FK_7238415dd5e82ef9c837f8c6192" FOREIGN KEY ("admin_id") REFERENCES "admin_user" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_admin_recovery_code_admin" ON "admin_recovery_code" ("admin_id") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_admin_recovery_code_admin"`);
    await queryRunner.query(`DROP TABLE "admin_recovery_code"`);
    await queryRunner.query(`DROP TABLE "admin_totp_factor"`);
  }
}
