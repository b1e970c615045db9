import Database from 'better-sqlite3';

type Connection = InstanceType<typeof Database>;

/** This thread's own connection per database file, opened by the first checkpoint. */
const connections = new Map<string, Connection>();

/** SqliteCheckpointer's worker: a passive checkpoint (it blocks no reader or writer); pages in the log and copied. */
export default function checkpoint({ path }: { path: string }): { log: number; checkpointed: number } {
  let connection = connections.get(path);
  if (!connection) {
    connection = new Database(path, { fileMustExist: true });
    connections.set(path, connection);
  }
  const [result] = connection.pragma('wal_checkpoint(PASSIVE)') as {
    busy: number;
    log: number;
    checkpointed: number;
  }[];
  return { log: result.log, checkpointed: result.checkpointed };
}
