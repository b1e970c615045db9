import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddImageSweepAndUploadQuota1795400000001 implements MigrationInterface {
  name = 'AddImageSweepAndUploadQuota1795400000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`unattached_object\` (\`key\` varchar(200) NOT NULL, \`since\` bigint NOT NULL, PRIMARY KEY (\`key\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`upload_quota\` (\`key\` varchar(64) NOT NULL, \`links\` int NOT NULL, \`window_ends_at\` bigint NOT NULL, PRIMARY KEY (\`key\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`upload_quota\``);
    await queryRunner.query(`DROP TABLE \`unattached_object\``);
  }
}
