import { MigrationInterface, QueryRunner } from 'typeorm';

/** The moderation queue of visitors' corrections and listing requests, and its rate counters. */
export class AddVisitorRequests1795600000000 implements MigrationInterface {
  name = 'AddVisitorRequests1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`visitor_counter\` (\`key\` varchar(64) NOT NULL, \`hits\` int NOT NULL, \`window_ends_at\` bigint NOT NULL, INDEX \`idx_visitor_counter_ends\` (\`window_ends_at\`), PRIMARY KEY (\`key\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`visitor_request\` (\`id\` varchar(36) NOT NULL, \`reference\` varchar(9) NOT NULL, \`type\` varchar(10) NOT NULL, \`status\` varchar(10) NOT NULL, \`shop_id\` varchar(36) NULL, \`shop_name\` varchar(150) NULL, \`kind\` varchar(10) NULL, \`proposed_value\` varchar(500) NULL, \`comment\` text NULL, \`submitter_name\` varchar(100) NULL, \`submitter_email\` varchar(254) NULL, \`submitter_address\` varchar(64) NULL, \`duplicates\` int NOT NULL DEFAULT '0', \`duplicate_key\` varchar(64) NULL, \`created_at\` bigint NOT NULL, \`decided_at\` bigint NULL, \`decided_by\` varchar(50) NULL, \`decision_reason\` varchar(500) NULL, \`personal_data_erased_at\` bigint NULL, UNIQUE INDEX \`uq_visitor_request_reference\` (\`reference\`), INDEX \`idx_visitor_request_duplicate\` (\`duplicate_key\`, \`created_at\`), INDEX \`idx_visitor_request_status_created\` (\`status\`, \`created_at\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX \`idx_visitor_request_status_created\` ON \`visitor_request\``);
    await queryRunner.query(`DROP INDEX \`idx_visitor_request_duplicate\` ON \`visitor_request\``);
    await queryRunner.query(`DROP INDEX \`uq_visitor_request_reference\` ON \`visitor_request\``);
    await queryRunner.query(`DROP TABLE \`visitor_request\``);
    await queryRunner.query(`DROP INDEX \`idx_visitor_counter_ends\` ON \`visitor_counter\``);
    await queryRunner.query(`DROP TABLE \`visitor_counter\``);
  }
}
