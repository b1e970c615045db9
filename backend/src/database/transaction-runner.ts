import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { TimeSlices } from '../common/event-loop-turns.js';
import { SqliteTransactionGate } from './sqlite-transaction-gate.js';

/**
 * Runs work in one database transaction. SQLite (better-sqlite3) has a single connection that
 * TypeORM shares between every query runner, so two overlapping transactions would collide;
 * there they are queued one after another, and while one is open the other requests' queries
 * wait for it (SqliteTransactionGate). MySQL/MariaDB runs them concurrently.
 */
@Injectable()
export class TransactionRunner {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly gate?: SqliteTransactionGate;
  private readonly slices = new TimeSlices();

  constructor(private readonly dataSource: DataSource) {
    if (dataSource.options.type === 'better-sqlite3') this.gate = new SqliteTransactionGate(dataSource);
  }

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const gate = this.gate;
    if (!gate) return this.withDeadlockRetry(work);
    const next = this.queue.then(() => gate.run(() => this.dataSource.transaction(work)));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Lets the event loop turn inside a long transaction once it has held the loop for a slice
   * (TimeSlices): call it after each shop of a restore or an import. better-sqlite3 answers
   * synchronously, so a transaction of 10,000 shops otherwise held every other request, health
   * checks included, for 3-4 s; the gate keeps the others' queries out of it meanwhile. On
   * MySQL/MariaDB every query already takes a turn.
   */
  async turn(): Promise<void> {
    if (this.gate) await this.slices.turn();
  }

  /**
   * InnoDB resolves a deadlock by rolling one transaction back; nothing of it was written, so
   * running it again is safe. A few tries, then the error stands (a 500, logged).
   */
  private async withDeadlockRetry<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.dataSource.transaction(work);
      } catch (error) {
        const code =
          (error as { driverError?: { code?: string }; code?: string }).driverError?.code ??
          (error as { code?: string }).code;
        if (attempt >= 4 || (code !== 'ER_LOCK_DEADLOCK' && code !== 'ER_LOCK_WAIT_TIMEOUT')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 10 * attempt + Math.random() * 20));
      }
    }
  }

  /** True where row locks (SELECT ... FOR UPDATE) exist; SQLite serialises instead. */
  get supportsRowLocks(): boolean {
    return this.dataSource.options.type !== 'better-sqlite3';
  }
}
