import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * Runs work in one database transaction. SQLite (better-sqlite3) has a single connection that
 * TypeORM shares between every query runner, so two overlapping transactions would collide;
 * there they are queued one after another. MySQL/MariaDB runs them concurrently.
 */
@Injectable()
export class TransactionRunner {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.dataSource.options.type !== 'better-sqlite3') return this.withDeadlockRetry(work);
    const next = this.queue.then(() => this.dataSource.transaction(work));
    this.queue = next.catch(() => undefined);
    return next;
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
