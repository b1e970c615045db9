import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import { sqliteFileOf } from './sqlite-checkpointer.js';
import { LOCK_WAIT_MS } from './sqlite-lock-wait.js';

/**
 * After an erasure: checkpoints and truncates the log now, not at the checkpointer's threshold, so no old
 * page stays; retries on timers for up to LOCK_WAIT_MS, false when it stayed busy.
 */
export async function purgeWriteAheadLog(dataSource: DataSource): Promise<boolean> {
  if (!sqliteFileOf(dataSource)) return true;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    const [result] = (await dataSource.query('PRAGMA wal_checkpoint(TRUNCATE)')) as { busy: number }[];
    if (result?.busy === 0) return true;
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
}
