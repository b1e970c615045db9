import type { Pool, RowDataPacket } from 'mysql2';
import type { DataSource } from 'typeorm';

const SQL = 'SELECT version FROM data_version WHERE name = ?';

/** better-sqlite3's single connection, which prepares the statement once. */
type SqliteConnection = { prepare(sql: string): { get(name: string): { version: number } | undefined } };

/**
 * Reads `data_version` on every public request (another instance's write shows on the next read) by
 * a prepared statement; calls close together share one read started after them (setImmediate).
 */
export class DataVersionReader {
  private statement?: {
    connection: SqliteConnection;
    get: (name: string) => { version: number } | undefined;
  };
  /** The read that has not started yet: calls join it. */
  private waiting?: Promise<number>;
  /** The read under way (MySQL/MariaDB: one query at a time). */
  private running?: Promise<number>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly name: string,
  ) {}

  /** The version as committed when the read ran, which was after this call. */
  read(): Promise<number> {
    this.waiting ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.running?.catch(() => undefined))
      .then(() => {
        // Forgotten as it starts: a call from here on waits for a read of its own.
        this.waiting = undefined;
        const read = this.readNow();
        this.running = read;
        read
          .finally(() => {
            if (this.running === read) this.running = undefined;
          })
          .catch(() => undefined);
        return read;
      });
    return this.waiting;
  }

  private readNow(): Promise<number> {
    if (this.dataSource.options.type !== 'better-sqlite3') return this.queryMysql();
    return new Promise((resolve) => resolve(this.readSqlite()));
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

  /** Through mysql2's promise wrapper of the pool TypeORM's MySQL driver holds. */
  private async queryMysql(): Promise<number> {
    const { pool } = this.dataSource.driver as unknown as { pool: Pool };
    const [rows] = await pool.promise().execute<RowDataPacket[]>(SQL, [this.name]);
    return Number(rows[0]?.version ?? 0);
  }
}
