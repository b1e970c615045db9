import { Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, type EntityManager } from 'typeorm';
import { codeOf } from '../common/database-errors.js';
import { retryWhileBusy } from './sqlite-lock-wait.js';

/** Errors after which nothing was written, so the transaction may run again (SQLITE_BUSY is waited out). */
const RETRIED = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT', 'SQLITE_BUSY_SNAPSHOT']);

/** Runs `work` in one transaction, again after an error in RETRIED, and while SQLite is busy (LOCK_WAIT_MS). */
export async function retriedTransaction<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await retryWhileBusy(() => dataSource.transaction(work));
    } catch (error) {
      if (attempt >= 4 || !RETRIED.has(codeOf(error) ?? '')) throw error;
      await sleep(10 * attempt + Math.random() * 20);
    }
  }
}

/** SQLite's transactions queue on its one connection (no other query runs inside one); MySQL's overlap. */
@Injectable()
export class TransactionRunner {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dataSource.options.type !== 'better-sqlite3') return retriedTransaction(this.dataSource, work);
    // TypeORM begins SQLite's transactions DEFERRED: a write that changes nothing takes the write
    // lock first (as BEGIN IMMEDIATE), so a busy database rolls back before any work, to wait on timers.
    const claimed = async (manager: EntityManager) => {
      await manager.query('DELETE FROM pending_object WHERE 0');
      return work(manager);
    };
    const next = this.queue.then(() => retriedTransaction(this.dataSource, claimed));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** True where row locks (SELECT ... FOR UPDATE) exist; SQLite serialises instead. */
  get supportsRowLocks(): boolean {
    return this.dataSource.options.type !== 'better-sqlite3';
  }
}
