import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddActivityLog1795449670916 implements MigrationInterface {
  name = 'AddActivityLog1795449670916';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`activity_entry\` (\`id\` int NOT NULL AUTO_INCREMENT, \`at\` bigint NOT NULL, \`kind\` varchar(40) NOT NULL, \`actor_id\` varchar(36) NULL, \`actor_name\` varchar(50) NULL, \`client\` varchar(64) NULL, \`shop_id\` varchar(36) NULL, \`shop_name\` varchar(150) NULL, \`details\` text NULL, INDEX \`idx_activity_kind_at\` (\`kind\`, \`at\`), INDEX \`idx_activity_shop_at\` (\`shop_id\`, \`at\`), INDEX \`idx_activity_at\` (\`at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_activity_at\` ON \`activity_entry\``);
    await queryRunner.query(`DROP INDEX \`idx_activity_shop_at\` ON \`activity_entry\``);
    await queryRunner.query(`DROP INDEX \`idx_activity_kind_at\` ON \`activity_entry\``);
    await queryRunner.query(`DROP TABLE \`activity_entry\``);
  }
}
