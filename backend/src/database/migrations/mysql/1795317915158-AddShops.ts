import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddShops1795317915158 implements MigrationInterface {
  name = 'AddShops1795317915158';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`shop_category\` (\`shop_id\` varchar(36) NOT NULL, \`name\` varchar(50) NOT NULL, \`position\` int NOT NULL, INDEX \`idx_shop_category_name\` (\`name\`), PRIMARY KEY (\`shop_id\`, \`name\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`shop\` (\`id\` varchar(36) NOT NULL, \`name\` varchar(150) NOT NULL, \`description\` text NOT NULL, \`address\` varchar(300) NOT NULL, \`city\` varchar(100) NOT NULL, \`state\` varchar(100) NOT NULL, \`phone\` varchar(40) NOT NULL, \`email\` varchar(254) NOT NULL, \`website\` varchar(2048) NULL, \`logo\` varchar(2048) NOT NULL, \`map_image_url\` varchar(2048) NOT NULL, \`google_maps_url\` varchar(2048) NOT NULL, \`latitude\` decimal(10,8) NULL, \`longitude\` decimal(11,8) NULL, \`is_verified\` varchar(5) NOT NULL DEFAULT 'false', \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updated_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), INDEX \`idx_shop_verified_name\` (\`is_verified\`, \`name\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`data_version\` (\`name\` varchar(64) NOT NULL, \`version\` int NOT NULL DEFAULT '0', PRIMARY KEY (\`name\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `ALTER TABLE \`shop_category\` ADD CONSTRAINT \`FK_6308b4186750f8fc91426e48749\` FOREIGN KEY (\`shop_id\`) REFERENCES \`shop\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE \`shop_category\` DROP FOREIGN KEY \`FK_6308b4186750f8fc91426e48749\``,
    );
    await queryRunner.query(`DROP TABLE \`data_version\``);
    await queryRunner.query(`DROP INDEX \`idx_shop_verified_name\` ON \`shop\``);
    await queryRunner.query(`DROP TABLE \`shop\``);
    await queryRunner.query(`DROP INDEX \`idx_shop_category_name\` ON \`shop_category\``);
    await queryRunner.query(`DROP TABLE \`shop_category\``);
  }
}
