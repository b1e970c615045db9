import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * Errors after which nothing of the transaction was written, so running it again is safe:
 * InnoDB's deadlock and lock wait timeout, and SQLite's busy answers (a transaction that read
 * first may not start writing once another connection, such as a worker's, committed since).
 */
const RETRIED = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT', 'SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT']);

/**
 * Runs work in one database transaction. SQLite (better-sqlite3) has a single connection that
 * TypeORM shares between every query runner, so two overlapping transactions would collide;
 * there they are queued one after another. A transaction runs its queries and nothing else that
 * lets the event loop turn, so another request's query never runs inside it; long work runs in
 * a worker thread on a connection of its own (backup.worker.ts). MySQL/MariaDB runs them
 * concurrently.
 */
@Injectable()
export class TransactionRunner {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dataSource.options.type !== 'better-sqlite3') return this.withRetry(work);
    // TypeORM begins SQLite's transactions DEFERRED: one that read first cannot write once another
    // connection (a worker's) committed since. A write that changes nothing takes the write lock
    // first, as BEGIN IMMEDIATE would: another connection's writes wait for this transaction.
    const claimed = async (manager: EntityManager) => {
      await manager.query('DELETE FROM pending_object WHERE 0');
      return work(manager);
    };
    const next = this.queue.then(() => this.withRetry(claimed));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** A few tries, then the error stands (a 500, logged). */
  private async withRetry<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.dataSource.transaction(work);
      } catch (error) {
        const code =
          (error as { driverError?: { code?: string }; code?: string }).driverError?.code ??
          (error as { code?: string }).code;
        if (attempt >= 4 || !RETRIED.has(code ?? '')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20));
      }
    }
  }

  /** True where row locks (SELECT ... FOR UPDATE) exist; SQLite serialises instead. */
  get supportsRowLocks(): boolean {
    return this.dataSource.options.type !== 'better-sqlite3';
  }
}
