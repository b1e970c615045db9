import { MigrationInterface, QueryRunner } from 'typeorm';

/** Administrators' passkeys (WebAuthn credentials), deleted with their admin. */
export class AddPasskeys1795850000000 implements MigrationInterface {
  name = 'AddPasskeys1795850000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "passkey" ("id" varchar(36) PRIMARY KEY NOT NULL, "admin_id" varchar(36) NOT NULL, "name" varchar(60) NOT NULL, "credential_id" text NOT NULL, "credential_key" varchar(64) NOT NULL, "public_key" text NOT NULL, "counter" bigint NOT NULL, "transports" varchar(255), "created_at" bigint NOT NULL, "last_used_at" bigint, CONSTRAINT "fk_passkey_admin" FOREIGN KEY ("admin_id") REFERENCES "admin_user" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_passkey_admin_id" ON "passkey" ("admin_id") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_passkey_credential_key" ON "passkey" ("credential_key") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uq_passkey_credential_key"`);
    await queryRunner.query(`DROP INDEX "idx_passkey_admin_id"`);
    await queryRunner.query(`DROP TABLE "passkey"`);
  }
}
