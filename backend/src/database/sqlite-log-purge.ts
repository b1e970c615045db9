import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import { LOCK_WAIT_MS } from './sqlite-lock-wait.js';

/**
 * After an erasure on SQLite: copies the write-ahead log into the file and truncates it, so neither
 * keeps the pages as they were (SqliteCheckpointer would wait for 4 MB of log: weeks of a quiet
 * directory; secure_delete zeroes the new pages). Tried again on timers while other connections
 * hold the log, for up to LOCK_WAIT_MS. False when it stayed busy (the caller tries next run).
 */
export async function purgeWriteAheadLog(dataSource: DataSource): Promise<boolean> {
  const { type, database } = dataSource.options as { type: string; database?: unknown };
  if (type !== 'better-sqlite3' || typeof database !== 'string' || database === '' || database === ':memory:')
    return true;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    const [result] = (await dataSource.query('PRAGMA wal_checkpoint(TRUNCATE)')) as { busy: number }[];
    if (result?.busy === 0) return true;
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
}
