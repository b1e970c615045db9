import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { stat } from 'node:fs/promises';
import type { Piscina } from 'piscina';
import { DataSource } from 'typeorm';
import { backgroundPool } from '../common/background-pool.js';

/**
 * A checkpoint once the log has this much: SQLite's own threshold (1,000 pages of 4 KB), so that
 * the small writes of every admin request (a session's touch) do not start the worker each time.
 */
const CHECKPOINT_AT_BYTES = 4 * 1024 * 1024;

/**
 * Takes SQLite's checkpoints off the event loop. By default the connection that commits a
 * transaction copies the write-ahead log into the database file when the log is over 1,000
 * pages, synchronously (better-sqlite3): after a restore or an import of 10,000 shops that
 * commit held every request for a quarter of a second. Here the connection's own checkpoints
 * are turned off, and once a second (an @Interval, never two at once, a failure logged), when
 * the log has grown past the same threshold, a worker thread with a connection of its own runs
 * a passive checkpoint, and stops 2 s later (its heap is not kept for the rare big write). A
 * commit is durable in the log either way: a crash between two checkpoints loses nothing (SQLite
 * replays the log when the file is next opened). With several replicas on one file each
 * checkpoints; one that finds another's checkpoint running tries again a second later.
 */
@Injectable()
export class SqliteCheckpointer implements OnModuleInit, OnApplicationShutdown {
  private pool?: Piscina<{ path: string }, { log: number; checkpointed: number }>;
  /** The database file, when the connection is SQLite on a file: nothing to do otherwise. */
  private path?: string;
  private running?: Promise<void>;
  /** The log file's modification time when everything in it was last checkpointed. */
  private checkpointedAt = 0;
  private stopped = false;

  constructor(private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    this.path = this.databaseFile();
    if (!this.path) return;
    await this.dataSource.query('PRAGMA wal_autocheckpoint = 0');
    // Once checkpointed, the log starts over from an empty file: its size says what was written
    // since (and a restore's tens of MB of log are not kept on disk for good).
    await this.dataSource.query('PRAGMA journal_size_limit = 0');
  }

  // An interval rather than a cron job of every second: cron warns on stderr of each tick a
  // busy event loop makes late.
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
    // The schedule stops before this (beforeApplicationShutdown); a tick already started ends here.
    this.stopped = true;
    await this.running?.catch(() => undefined);
    await this.pool?.destroy();
  }

  /** The database file, when the connection is SQLite on a file (not in memory). */
  private databaseFile(): string | undefined {
    const { type, database } = this.dataSource.options as { type: string; database?: unknown };
    if (type !== 'better-sqlite3' || typeof database !== 'string') return undefined;
    return database === ':memory:' || database === '' ? undefined : database;
  }
}
