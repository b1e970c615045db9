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
    if (this.dataSource.options.type !== 'better-sqlite3') {
      return this.dataSource.transaction(work);
    }
    const next = this.queue.then(() => this.dataSource.transaction(work));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** True where row locks (SELECT ... FOR UPDATE) exist; SQLite serialises instead. */
  get supportsRowLocks(): boolean {
    return this.dataSource.options.type !== 'better-sqlite3';
  }
}
