import Database from 'better-sqlite3';

/** This thread's own connection per database file, opened by the first checkpoint. */
const connections = new Map<string, Database.Database>();

type Checkpoint = { log: number; checkpointed: number };

/** A passive checkpoint (it blocks no reader or writer); answers the pages in the log and copied. */
export default function checkpoint({ path }: { path: string }): Checkpoint {
  if (!connections.has(path)) connections.set(path, new Database(path, { fileMustExist: true }));
  const [{ log, checkpointed }] = connections.get(path)!.pragma('wal_checkpoint(PASSIVE)') as Checkpoint[];
  return { log, checkpointed };
}
