import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Database, Statement } from 'better-sqlite3';
import { createHash } from 'node:crypto';
import {
  RateLimiterMySQL,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterStoreAbstract,
} from 'rate-limiter-flexible';
import { DataSource, LessThan } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { retryWhileBusy } from '../database/sqlite-lock-wait.js';
import { limitRules, type LimitName, type LimitRule } from './limits.js';
import { RateLimitCounter } from './rate-limit.entity.js';

const TABLE = 'rate_limit';

/** What is counted, hashed: no address, username or session id is stored. */
const keyOf = (parts: string[]) => createHash('sha256').update(parts.join('|')).digest('hex');

/** Statements prepared once: rate-limiter-flexible prepares per point, costly on the main thread. */
function preparedOnce(db: Database): Database {
  const statements = new Map<string, Statement>();
  const prepare = (sql: string) => statements.get(sql) ?? statements.set(sql, db.prepare(sql)).get(sql)!;
  return new Proxy(db, {
    get: (target, name) => (name === 'prepare' ? prepare : Reflect.get(target, name, target)),
  });
}

/**
 * rate-limiter-flexible over the `rate_limit` table (one atomic upsert a point, counted across
 * instances); on SQLite a worker's write lock is waited out on timers (retryWhileBusy).
 */
@Injectable()
export class RateLimits {
  private readonly rules: Record<LimitName, LimitRule>;
  private readonly limiters = new Map<LimitName, RateLimiterStoreAbstract>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.rules = limitRules(config);
  }

  /** Counts one attempt before the work it protects; throws the limit's 429 (with Retry-After) once spent. */
  async take(name: LimitName, ...parts: string[]): Promise<void> {
    const spent = await this.consume(name, parts);
    if (spent) throw this.rules[name].refuse!(Math.max(1, Math.ceil(spent.msBeforeNext / 1000)));
  }

  /** True for the first claim of what `parts` name within the limit's window, on any instance. */
  async once(name: LimitName, ...parts: string[]): Promise<boolean> {
    return !(await this.consume(name, parts));
  }

  /** Gives one attempt back (a success that should not count against a limit of failures). */
  async giveBack(name: LimitName, ...parts: string[]): Promise<void> {
    await retryWhileBusy(() => this.limiter(name).reward(keyOf(parts), 1));
  }

  /** Forgets the count (a right password or code ends a run of failures). */
  async forgive(name: LimitName, ...parts: string[]): Promise<void> {
    await retryWhileBusy(() => this.limiter(name).delete(keyOf(parts)));
  }

  /** Deletes the counters whose window and block are over (the daily retention job). */
  async deleteExpired(now = Date.now()): Promise<number> {
    const { affected } = await this.dataSource
      .getRepository(RateLimitCounter)
      .delete({ expire: LessThan(String(now)) });
    return affected ?? 0;
  }

  /** Counts one point; the limiter's answer when the limit was already spent, else null. */
  private async consume(name: LimitName, parts: string[]): Promise<RateLimiterRes | null> {
    try {
      await retryWhileBusy(() => this.limiter(name).consume(keyOf(parts)));
      return null;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return refusal;
      throw refusal;
    }
  }

  private limiter(name: LimitName): RateLimiterStoreAbstract {
    const existing = this.limiters.get(name);
    if (existing) return existing;
    const { points, seconds, blockSeconds = 0 } = this.rules[name];
    // The migrations create the table; the retention job deletes what has expired.
    const options = { keyPrefix: name, points, duration: seconds, blockDuration: blockSeconds };
    const table = { tableName: TABLE, tableCreated: true, clearExpiredByTimeout: false };
    const driver = this.dataSource.driver as unknown as { databaseConnection?: unknown; pool?: unknown };
    const limiter =
      this.dataSource.options.type === 'better-sqlite3'
        ? new RateLimiterSQLite({
            ...options,
            ...table,
            storeClient: preparedOnce(driver.databaseConnection as Database),
            storeType: 'better-sqlite3',
          })
        : new RateLimiterMySQL({
            ...options,
            ...table,
            storeClient: driver.pool,
            storeType: 'pool',
            dbName: (driver as { database?: string }).database,
          });
    this.limiters.set(name, limiter);
    return limiter;
  }
}
