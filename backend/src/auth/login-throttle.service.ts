import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { Repository } from 'typeorm';
import { ApiError } from '../common/api-error.js';
import { LoginAttempt } from './login-attempt.entity.js';

/** 429 with the seconds to wait; the exception filter turns it into a Retry-After header. */
export class TooManyLoginAttemptsException extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super(
      429,
      'TOO_MANY_LOGIN_ATTEMPTS',
      `Too many failed login attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      { params: { minutes } },
    );
  }
}

/** Consecutive failures allowed for one username from one client before it is blocked. */
export const MAX_FAILURES_PER_USER = 10;
/** Failures allowed from one client across all usernames (password spraying). */
export const MAX_FAILURES_PER_CLIENT = 50;
/** How long a block lasts: long enough to stop guessing, short enough not to lock anyone out. */
export const BLOCK_MS = 15 * 60_000;

/** A count untouched this long is forgotten: the next failure starts from 1. */
const FORGET_MS = 86_400_000;

/**
 * One failure for one key in one statement, so parallel failures (on one instance or on
 * several sharing the database) are all counted. The new count is worked out from the row as
 * it was: a block that has run out, or a count over a day old, starts again from 1. Only
 * `failures` depends on the old row, so left-to-right assignment (MySQL, MariaDB) and
 * simultaneous assignment (SQLite, MariaDB's SIMULTANEOUS_ASSIGNMENT mode) agree. Backticks
 * quote identifiers in both dialects (SQLite accepts them).
 */
const BUMP = {
  values: 'INSERT INTO `login_attempt` (`key`, `failures`, `updated_at`) VALUES (?, 1, ?)',
  failures:
    '`failures` = CASE WHEN (`failures` >= ? AND `updated_at` + ? <= ?) OR ? - `updated_at` > ? ' +
    'THEN 1 ELSE `failures` + 1 END',
};
const BUMP_SQL = {
  sqlite: `${BUMP.values} ON CONFLICT (\`key\`) DO UPDATE SET ${BUMP.failures}, \`updated_at\` = ?`,
  mysql: `${BUMP.values} ON DUPLICATE KEY UPDATE ${BUMP.failures}, \`updated_at\` = ?`,
};

/**
 * Login rate limit. Counting per client *and* username means a flood of failures from other
 * addresses cannot lock the real admin out; the per-client counter stops one address from
 * trying many usernames. A key is blocked for BLOCK_MS after its last failure once it has
 * reached its limit, so nobody is locked out forever.
 */
@Injectable()
export class LoginThrottleService {
  private readonly bumpSql: string;

  constructor(@InjectRepository(LoginAttempt) private readonly attempts: Repository<LoginAttempt>) {
    this.bumpSql =
      attempts.manager.dataSource.options.type === 'better-sqlite3' ? BUMP_SQL.sqlite : BUMP_SQL.mysql;
  }

  /** The client+username key and the client key, each with its limit. */
  private keys(client: string, username: string): { key: string; limit: number }[] {
    const hash = (value: string) => createHash('sha256').update(value).digest('hex');
    return [
      { key: hash(`user:${client}|${username.trim().toLowerCase()}`), limit: MAX_FAILURES_PER_USER },
      { key: hash(`client:${client}`), limit: MAX_FAILURES_PER_CLIENT },
    ];
  }

  /** Throws 429 if this client may not try this username now. */
  async assertAllowed(client: string, username: string): Promise<void> {
    const now = Date.now();
    const keys = this.keys(client, username);
    const rows = await this.attempts.findBy(keys.map(({ key }) => ({ key })));
    const blockedUntil = Math.max(
      0,
      ...rows
        .filter((row) => row.failures >= keys.find(({ key }) => key === row.key)!.limit)
        .map((row) => row.updatedAt + BLOCK_MS),
    );
    if (blockedUntil > now) throw new TooManyLoginAttemptsException(Math.ceil((blockedUntil - now) / 1000));
  }

  async recordFailure(client: string, username: string): Promise<void> {
    const now = Date.now();
    for (const { key, limit } of this.keys(client, username)) {
      await this.attempts.query(this.bumpSql, [key, now, limit, BLOCK_MS, now, now, FORGET_MS, now]);
    }
  }

  /** A success clears the client+username counter (the limit counts consecutive failures). */
  async recordSuccess(client: string, username: string): Promise<void> {
    await this.attempts.delete({ key: this.keys(client, username)[0].key });
  }
}
