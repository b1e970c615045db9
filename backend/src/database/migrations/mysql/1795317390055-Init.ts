import { MigrationInterface, QueryRunner } from 'typeorm';

export class Init1795317390055 implements MigrationInterface {
  name = 'Init1795317390055';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`admin_user\` (\`id\` varchar(36) NOT NULL, \`username\` varchar(50) NOT NULL, \`password_hash\` varchar(255) NOT NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`updated_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), UNIQUE INDEX \`IDX_4d0392574f49340bb75a102b04\` (\`username\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`login_attempt\` (\`key\` varchar(64) NOT NULL, \`failures\` int NOT NULL, \`blocked_until\` bigint NULL, \`updated_at\` bigint NOT NULL, PRIMARY KEY (\`key\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`session\` (\`sid\` varchar(128) NOT NULL, \`data\` text NOT NULL, \`expires_at\` bigint NOT NULL, \`user_id\` varchar(36) NULL, INDEX \`idx_session_expires_at\` (\`expires_at\`), INDEX \`idx_session_user_id\` (\`user_id\`), PRIMARY KEY (\`sid\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
    await queryRunner.query(
      `CREATE TABLE \`system_flag\` (\`name\` varchar(64) NOT NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), PRIMARY KEY (\`name\`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE \`system_flag\``);
    await queryRunner.query(`DROP INDEX \`idx_session_user_id\` ON \`session\``);
    await queryRunner.query(`DROP INDEX \`idx_session_expires_at\` ON \`session\``);
    await queryRunner.query(`DROP TABLE \`session\``);
    await queryRunner.query(`DROP TABLE \`login_attempt\``);
    await queryRunner.query(`DROP INDEX \`IDX_4d0392574f49340bb75a102b04\` ON \`admin_user\``);
    await queryRunner.query(`DROP TABLE \`admin_user\``);
  }
}
