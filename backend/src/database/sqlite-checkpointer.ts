import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { stat } from 'node:fs/promises';
import type { Piscina } from 'piscina';
import { DataSource } from 'typeorm';
import { backgroundPool } from '../common/background-pool.js';

/** SQLite's own threshold (1,000 pages of 4 KB): a session's touch does not start the worker each time. */
const CHECKPOINT_AT_BYTES = 4 * 1024 * 1024;

/** The database file, when the connection is SQLite on a file (not in memory). */
export function sqliteFileOf(dataSource: DataSource): string | undefined {
  const { type, database } = dataSource.options as { type: string; database?: unknown };
  if (type !== 'better-sqlite3' || typeof database !== 'string') return undefined;
  return database === ':memory:' || database === '' ? undefined : database;
}

/** A worker checkpoints (passive, each second past the threshold) so no commit does it on the event loop. */
@Injectable()
export class SqliteCheckpointer implements OnModuleInit, OnApplicationShutdown {
  private pool?: Piscina<{ path: string }, { log: number; checkpointed: number }>;
  private path?: string;
  private running?: Promise<void>;
  /** The log file's modification time when everything in it was last checkpointed. */
  private checkpointedAt = 0;
  private stopped = false;

  constructor(private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    this.path = sqliteFileOf(this.dataSource);
    if (!this.path) return;
    await this.dataSource.query('PRAGMA wal_autocheckpoint = 0');
    // Once checkpointed, the log starts over empty: its size says what was written since.
    await this.dataSource.query('PRAGMA journal_size_limit = 0');
  }

  // Not a cron job: cron warns of each tick a busy event loop makes late.
  @Interval(1_000)
  async checkpoint(): Promise<void> {
    if (!this.path || this.running) return;
    this.running = this.checkpointIfChanged(this.path).finally(() => (this.running = undefined));
    await this.running;
  }

  /** Runs a checkpoint if the log holds CHECKPOINT_AT_BYTES and changed since the last one. */
  async checkpointIfChanged(path: string): Promise<void> {
    const log = await stat(`${path}-wal`).catch(() => undefined);
    if (this.stopped || !log || log.size < CHECKPOINT_AT_BYTES || log.mtimeMs === this.checkpointedAt) return;
    this.pool ??= backgroundPool('database/sqlite-checkpoint.worker.js', { idleMs: 2_000 });
    const { log: pages, checkpointed } = await this.pool.run({ path });
    // Pages a reader still needed stay in the log: the next turn tries again.
    if (checkpointed >= pages) this.checkpointedAt = log.mtimeMs;
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => undefined);
    await this.pool?.destroy();
  }
}
