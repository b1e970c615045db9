import { MigrationInterface, QueryRunner } from 'typeorm';
import { backfillShopSlugs } from '../shop-slug-backfill.js';

/** Each shop's slug (filled in for existing shops), its old slugs, and the WhatsApp number. */
export class AddShopSlugsAndWhatsapp1795438276593 implements MigrationInterface {
  name = 'AddShopSlugsAndWhatsapp1795438276593';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`shop_old_slug\` (\`slug\` varchar(120) NOT NULL, \`shop_id\` varchar(36) NOT NULL, INDEX \`idx_shop_old_slug_shop\` (\`shop_id\`), PRIMARY KEY (\`slug\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    // Nullable first, filled in, then NOT NULL and unique.
    await queryRunner.query(
      `ALTER TABLE \`shop\` ADD \`slug\` varchar(120) NULL, ADD \`whatsapp\` varchar(40) NULL`,
    );
    await backfillShopSlugs(queryRunner, '`');
    await queryRunner.query(`ALTER TABLE \`shop\` MODIFY \`slug\` varchar(120) NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX \`idx_shop_slug\` ON \`shop\` (\`slug\`)`);
    await queryRunner.query(
      `ALTER TABLE \`shop_old_slug\` ADD CONSTRAINT \`FK_6b3853d76e76e79991bd54163a0\` FOREIGN KEY (\`shop_id\`) REFERENCES \`shop\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`shop_old_slug\` DROP FOREIGN KEY \`FK_6b3853d76e76e79991bd54163a0\``,
    );
    await queryRunner.query(`DROP INDEX \`idx_shop_slug\` ON \`shop\``);
    await queryRunner.query(`ALTER TABLE \`shop\` DROP COLUMN \`whatsapp\`, DROP COLUMN \`slug\``);
    await queryRunner.query(`DROP TABLE \`shop_old_slug\``);
  }
}
