import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource, QueryRunner } from 'typeorm';
import { codeOf } from '../common/database-errors.js';

/** How long a write waits for another connection's write lock before SQLITE_BUSY stands. */
export const LOCK_WAIT_MS = 5_000;

/** Runs `attempt` again on SQLITE_BUSY, pausing on timers (5 ms, doubling to 100 ms), for up to LOCK_WAIT_MS. */
export async function retryWhileBusy<T>(attempt: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let pause = 5; ; pause = Math.min(2 * pause, 100)) {
    try {
      return await attempt();
    } catch (error) {
      if (codeOf(error) !== 'SQLITE_BUSY' || Date.now() + pause > deadline) throw error;
      await sleep(pause);
    }
  }
}

/**
 * The web server waits for a worker's write lock on timers (SQLite's busy handler sleeps the whole
 * thread): statements outside a transaction retry here, a transaction in TransactionRunner.
 */
export function waitForLocksOnTimers(dataSource: DataSource): void {
  if (dataSource.options.type !== 'better-sqlite3') return;
  const driver = dataSource.driver as DataSource['driver'] & {
    databaseConnection: { pragma(sql: string): unknown };
  };
  driver.databaseConnection.pragma('busy_timeout = 0');
  // better-sqlite3's driver has one query runner, shared by every caller.
  const runner = driver.createQueryRunner('master');
  const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  runner.query = ((...args: unknown[]) =>
    runner.isTransactionActive
      ? query(...args)
      : retryWhileBusy(() => query(...args))) as QueryRunner['query'];
}
