import { MigrationInterface, QueryRunner } from 'typeorm';

/** The moderation queue of visitors' corrections and listing requests, and its rate counters. */
export class AddVisitorRequests1795600000000 implements MigrationInterface {
  name = 'AddVisitorRequests1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "visitor_counter" ("key" varchar(64) PRIMARY KEY NOT NULL, "hits" integer NOT NULL, "window_ends_at" bigint NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_visitor_counter_ends" ON "visitor_counter" ("window_ends_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "visitor_request" ("id" varchar(36) PRIMARY KEY NOT NULL, "reference" varchar(9) NOT NULL, "type" varchar(10) NOT NULL, "status" varchar(10) NOT NULL, "shop_id" varchar(36), "shop_name" varchar(150), "kind" varchar(10), "proposed_value" varchar(500), "comment" text, "submitter_name" varchar(100), "submitter_email" varchar(254), "submitter_address" varchar(64), "duplicates" integer NOT NULL DEFAULT (0), "duplicate_key" varchar(64), "created_at" bigint NOT NULL, "decided_at" bigint, "decided_by" varchar(50), "decision_reason" varchar(500), "personal_data_erased_at" bigint)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_visitor_request_reference" ON "visitor_request" ("reference") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_visitor_request_duplicate" ON "visitor_request" ("duplicate_key", "created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_visitor_request_status_created" ON "visitor_request" ("status", "created_at") `,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_visitor_request_status_created"`);
    await queryRunner.query(`DROP INDEX "idx_visitor_request_duplicate"`);
    await queryRunner.query(`DROP INDEX "uq_visitor_request_reference"`);
    await queryRunner.query(`DROP TABLE "visitor_request"`);
    await queryRunner.query(`DROP INDEX "idx_visitor_counter_ends"`);
    await queryRunner.query(`DROP TABLE "visitor_counter"`);
  }
}
