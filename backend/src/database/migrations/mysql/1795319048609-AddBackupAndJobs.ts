import { MigrationInterface, QueryRunner } from 'typeorm';

export class AddBackupAndJobs1795319048609 implements MigrationInterface {
  name = 'AddBackupAndJobs1795319048609';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`backup_record\` (\`id\` varchar(36) NOT NULL, \`kind\` varchar(10) NOT NULL, \`shops\` int NOT NULL, \`images\` int NOT NULL, \`bytes\` bigint NOT NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), INDEX \`idx_backup_record_kind_created\` (\`kind\`, \`created_at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`job_lock\` (\`name\` varchar(64) NOT NULL, \`owner\` varchar(100) NOT NULL, \`heartbeat_at\` bigint NOT NULL, PRIMARY KEY (\`name\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`pending_object\` (\`key\` varchar(200) NOT NULL, \`created_at\` bigint NOT NULL, PRIMARY KEY (\`key\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`pending_object\``);
    await queryRunner.query(`DROP TABLE \`job_lock\``);
    await queryRunner.query(`DROP INDEX \`idx_backup_record_kind_created\` ON \`backup_record\``);
    await queryRunner.query(`DROP TABLE \`backup_record\``);
  }
}
