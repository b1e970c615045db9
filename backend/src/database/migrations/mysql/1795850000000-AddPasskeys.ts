import { MigrationInterface, QueryRunner } from 'typeorm';

/** Administrators' passkeys (WebAuthn credentials), deleted with their admin. */
export class AddPasskeys1795850000000 implements MigrationInterface {
  name = 'AddPasskeys1795850000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `passkey` (`id` varchar(36) NOT NULL, `admin_id` varchar(36) NOT NULL, `name` varchar(60) NOT NULL, `credential_id` text NOT NULL, `credential_key` varchar(64) NOT NULL, `public_key` text NOT NULL, `counter` bigint NOT NULL, `transports` varchar(255) NULL, `created_at` bigint NOT NULL, `last_used_at` bigint NULL, INDEX `idx_passkey_admin_id` (`admin_id`), UNIQUE INDEX `uq_passkey_credential_key` (`credential_key`), PRIMARY KEY (`id`)) ENGINE=InnoDB',
    );
    await queryRunner.query(
      'ALTER TABLE `passkey` ADD CONSTRAINT `fk_passkey_admin` FOREIGN KEY (`admin_id`) REFERENCES `admin_user`(`id`) ON DELETE CASCADE ON UPDATE NO ACTION',
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE `passkey` DROP FOREIGN KEY `fk_passkey_admin`');
    await queryRunner.query('DROP TABLE `passkey`');
  }
}
