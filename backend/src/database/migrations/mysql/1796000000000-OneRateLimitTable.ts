import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One table for every limit (rate-limiter-flexible's shape) instead of three counters of our
 * own; counts in flight are dropped, which only resets the windows they were in.
 */
export class OneRateLimitTable1796000000000 implements MigrationInterface {
  name = 'OneRateLimitTable1796000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `rate_limit` (`key` varchar(255) NOT NULL, `points` int NOT NULL DEFAULT 0, `expire` bigint NULL, INDEX `idx_rate_limit_expire` (`expire`), PRIMARY KEY (`key`)) ENGINE=InnoDB',
    );
    await queryRunner.query('DROP TABLE `visitor_counter`');
    await queryRunner.query('DROP TABLE `upload_quota`');
    await queryRunner.query('DROP TABLE `login_attempt`');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `login_attempt` (`key` varchar(64) NOT NULL, `failures` int NOT NULL, `updated_at` bigint NOT NULL, PRIMARY KEY (`key`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    await queryRunner.query(
      'CREATE TABLE `upload_quota` (`key` varchar(64) NOT NULL, `links` int NOT NULL, `window_ends_at` bigint NOT NULL, PRIMARY KEY (`key`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci',
    );
    await queryRunner.query(
      'CREATE TABLE `visitor_counter` (`key` varchar(64) NOT NULL, `hits` int NOT NULL, `window_ends_at` bigint NOT NULL, INDEX `idx_visitor_counter_ends` (`window_ends_at`), PRIMARY KEY (`key`)) ENGINE=InnoDB',
    );
    await queryRunner.query('DROP TABLE `rate_limit`');
  }
}
