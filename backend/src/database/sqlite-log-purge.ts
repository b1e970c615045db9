import type { DataSource } from 'typeorm';

/**
 * After an erasure on SQLite: copies the write-ahead log into the database file and truncates
 * the log to nothing (`wal_checkpoint(TRUNCATE)`). Until then the log still holds the pages as
 * they were before the erasure (SqliteCheckpointer empties it only once it reaches 4 MB, which a
 * quiet directory takes weeks to write), and the database file too, until the checkpoint copies
 * the new pages over them. With `secure_delete` on (data-source.ts) the new pages have zeros
 * where the erased values were.
 *
 * Runs on the app's own connection, outside any transaction (the transaction gate makes it wait
 * for an open one), and waits for other connections' readers up to the busy timeout. True when
 * done, or when there is nothing to do (MySQL, a database in memory); false when a reader kept
 * the log busy (the caller tries again on its next run).
 */
export async function purgeWriteAheadLog(dataSource: DataSource): Promise<boolean> {
  const { type, database } = dataSource.options as { type: string; database?: unknown };
  if (type !== 'better-sqlite3' || typeof database !== 'string' || database === '' || database === ':memory:')
    return true;
  const [result] = (await dataSource.query('PRAGMA wal_checkpoint(TRUNCATE)')) as { busy: number }[];
  return result?.busy === 0;
}
