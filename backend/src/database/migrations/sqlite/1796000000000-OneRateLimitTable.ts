import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One table for every limit (rate-limiter-flexible's shape) instead of three counters of our
 * own; counts in flight are dropped, which only resets the windows they were in.
 */
export class OneRateLimitTable1796000000000 implements MigrationInterface {
  name = 'OneRateLimitTable1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "rate_limit" ("key" varchar(255) PRIMARY KEY NOT NULL, "points" integer NOT NULL DEFAULT (0), "expire" bigint)`,
    );
    await queryRunner.query(`CREATE INDEX "idx_rate_limit_expire" ON "rate_limit" ("expire") `);
    await queryRunner.query(`DROP INDEX "idx_visitor_counter_ends"`);
    await queryRunner.query(`DROP TABLE "visitor_counter"`);
    await queryRunner.query(`DROP TABLE "upload_quota"`);
    await queryRunner.query(`DROP TABLE "login_attempt"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "login_attempt" ("key" varchar(64) PRIMARY KEY NOT NULL, "failures" integer NOT NULL, "updated_at" bigint NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "upload_quota" ("key" varchar(64) PRIMARY KEY NOT NULL, "links" integer NOT NULL, "window_ends_at" bigint NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "visitor_counter" ("key" varchar(64) PRIMARY KEY NOT NULL, "hits" integer NOT NULL, "window_ends_at" bigint NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_visitor_counter_ends" ON "visitor_counter" ("window_ends_at") `,
    );
    await queryRunner.query(`DROP INDEX "idx_rate_limit_expire"`);
    await queryRunner.query(`DROP TABLE "rate_limit"`);
  }
}
