import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, QueryRunner } from 'typeorm';

type Query = QueryRunner['query'];

/**
 * SQLite through better-sqlite3 has one connection, and TypeORM one query runner on it for
 * everyone. While a transaction waits for anything that lets the event loop turn (a file, an
 * object store, a deliberate turn so that a long restore does not hold every other request),
 * another request's query would run inside that transaction: a read would see its uncommitted
 * rows, and a write would be undone with it if it rolled back. The gate keeps the transaction's
 * connection to itself: while one is open, a query from outside it (another async context)
 * waits until it has ended; the transaction's own queries go straight through.
 */
export class SqliteTransactionGate {
  private readonly owner = new AsyncLocalStorage<symbol>();
  private current?: { token: symbol; ended: Promise<void> };

  constructor(dataSource: DataSource) {
    const runner = dataSource.driver.createQueryRunner('master');
    const query = runner.query.bind(runner) as Query;
    // No promise more on the way of a query when no transaction is open (the usual case).
    runner.query = ((...args: Parameters<Query>) =>
      this.mustWait() ? this.outsideTransaction().then(() => query(...args)) : query(...args)) as Query;
  }

  /** Runs `transaction` as the owner of the connection until it settles. */
  async run<T>(transaction: () => Promise<T>): Promise<T> {
    await this.outsideTransaction();
    const token = Symbol('transaction');
    let end!: () => void;
    this.current = { token, ended: new Promise((resolve) => (end = resolve)) };
    try {
      return await this.owner.run(token, transaction);
    } finally {
      this.current = undefined;
      end();
    }
  }

  private mustWait(): boolean {
    return this.current !== undefined && this.owner.getStore() !== this.current.token;
  }

  private async outsideTransaction(): Promise<void> {
    while (this.mustWait()) await this.current!.ended;
  }
}
