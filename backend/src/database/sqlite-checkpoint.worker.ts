import Database from 'better-sqlite3';

type Connection = InstanceType<typeof Database>;

/** This thread's own connection per database file, opened by the first checkpoint. */
const connections = new Map<string, Connection>();

/**
 * Runs in a worker of SqliteCheckpointer's pool: copies the write-ahead log's committed pages into
 * the database file (a passive checkpoint: it never waits for, nor blocks, a reader or a writer).
 * Answers how many pages the log holds and how many of them are now in the database file.
 */
export default function checkpoint({ path }: { path: string }): { log: number; checkpointed: number } {
  let connection = connections.get(path);
  if (!connection) {
    connection = new Database(path, { fileMustExist: true });
    connection.pragma('busy_timeout = 5000');
    connections.set(path, connection);
  }
  const [result] = connection.pragma('wal_checkpoint(PASSIVE)') as {
    busy: number;
    log: number;
    checkpointed: number;
  }[];
  return { log: result.log, checkpointed: result.checkpointed };
}
