import type { DataSource } from 'typeorm';

const SQL = 'SELECT version FROM data_version WHERE name = ?';

type Rows = { version: number | string }[];

/** A statement prepared once on better-sqlite3's single connection. */
interface SqliteStatement {
  get(name: string): { version: number } | undefined;
}

interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}

/** The callback API of mysql2's pool (what TypeORM's MySQL driver holds). */
interface MysqlPool {
  execute(sql: string, values: unknown[], callback: (error: Error | null, rows: Rows) => void): void;
}

/**
 * Reads one row of `data_version` for every call, as cheaply as each dialect allows, because
 * the public reads ask it on every request (that is what makes a write on another instance
 * visible on the very next read). Every call gets a read that starts after the call, so it
 * sees every write committed before the request asked; calls close together share one read:
 *
 * - SQLite: a statement prepared once on better-sqlite3's connection, run synchronously once
 *   the event loop has delivered the requests that arrived together (`setImmediate` runs
 *   after the poll phase that ran their callbacks). Under load one read serves several
 *   requests: a read per request was a sixth of the main thread in a profile of
 *   `GET /api/shops/{id}` (WAL mode takes and drops a lock on the shared-memory index each time).
 * - MySQL/MariaDB: a prepared statement (`execute`) straight on mysql2's pool, shared by the
 *   requests that arrive while one is in flight. A request joins the query that starts after
 *   it arrived, never one already running (which could miss a write committed just before
 *   the request).
 */
export class DataVersionReader {
  private statement?: { connection: SqliteConnection; get: SqliteStatement['get'] };
  /** The SQLite read this turn's calls share, until it runs. */
  private sqliteRead?: Promise<number>;
  private inFlight?: Promise<number>;
  private next?: Promise<number>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly name: string,
  ) {}

  /** The version as committed when the read ran, which was after this call. */
  read(): Promise<number> {
    if (this.dataSource.options.type === 'better-sqlite3') return this.readSqliteShared();
    if (!this.inFlight) return this.start();
    this.next ??= this.inFlight
      .catch(() => undefined)
      .then(() => {
        this.next = undefined;
        return this.start();
      });
    return this.next;
  }

  private readSqliteShared(): Promise<number> {
    this.sqliteRead ??= new Promise((resolve, reject) => {
      setImmediate(() => {
        // Forgotten before the read: a call from here on waits for a read of its own.
        this.sqliteRead = undefined;
        try {
          resolve(this.readSqlite());
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    return this.sqliteRead;
  }

  private readSqlite(): number {
    const connection = (this.dataSource.driver as unknown as { databaseConnection: SqliteConnection })
      .databaseConnection;
    if (this.statement?.connection !== connection) {
      const statement = connection.prepare(SQL);
      this.statement = { connection, get: (name) => statement.get(name) };
    }
    return Number(this.statement.get(this.name)?.version ?? 0);
  }

  private start(): Promise<number> {
    const query = this.queryMysql();
    this.inFlight = query;
    query
      .finally(() => {
        if (this.inFlight === query) this.inFlight = undefined;
      })
      .catch(() => undefined);
    return query;
  }

  private queryMysql(): Promise<number> {
    const pool = (this.dataSource.driver as unknown as { pool?: MysqlPool }).pool;
    if (!pool) {
      // Not a plain pool (e.g. replication): the ordinary TypeORM path.
      return this.dataSource.query(SQL, [this.name]).then((rows: Rows) => Number(rows[0]?.version ?? 0));
    }
    return new Promise((resolve, reject) => {
      pool.execute(SQL, [this.name], (error, rows) => {
        if (error) reject(error);
        else resolve(Number(rows[0]?.version ?? 0));
      });
    });
  }
}
