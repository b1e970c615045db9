import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { Repository } from 'typeorm';
import { LoginAttempt } from './login-attempt.entity.js';

/** 429 with the seconds to wait; the exception filter turns it into a Retry-After header. */
export class TooManyLoginAttemptsException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super(
      `Too many failed login attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/** Consecutive failures allowed for one username from one client before it is blocked. */
export const MAX_FAILURES_PER_USER = 10;
/** Failures allowed from one client across all usernames (password spraying). */
export const MAX_FAILURES_PER_CLIENT = 50;
/** How long a block lasts: long enough to stop guessing, short enough not to lock anyone out. */
export const BLOCK_MS = 15 * 60_000;

/**
 * Login rate limit. Counting per client *and* username means a flood of failures from other
 * addresses cannot lock the real admin out; the per-client counter stops one address from
 * trying many usernames. Blocks expire, so nobody is locked out forever.
 */
@Injectable()
export class LoginThrottleService {
  constructor(@InjectRepository(LoginAttempt) private readonly attempts: Repository<LoginAttempt>) {}

  private keys(client: string, username: string): [string, string] {
    const hash = (value: string) => createHash('sha256').update(value).digest('hex');
    return [hash(`user:${client}|${username.trim().toLowerCase()}`), hash(`client:${client}`)];
  }

  /** Throws 429 if this client may not try this username now. */
  async assertAllowed(client: string, username: string): Promise<void> {
    const now = Date.now();
    const rows = await this.attempts.findBy(this.keys(client, username).map((key) => ({ key })));
    const blockedUntil = Math.max(0, ...rows.map((row) => row.blockedUntil ?? 0));
    if (blockedUntil > now) throw new TooManyLoginAttemptsException(Math.ceil((blockedUntil - now) / 1000));
  }

  async recordFailure(client: string, username: string): Promise<void> {
    const now = Date.now();
    const [userKey, clientKey] = this.keys(client, username);
    await this.bump(userKey, MAX_FAILURES_PER_USER, now);
    await this.bump(clientKey, MAX_FAILURES_PER_CLIENT, now);
  }

  /** A success clears the client+username counter (the limit counts consecutive failures). */
  async recordSuccess(client: string, username: string): Promise<void> {
    await this.attempts.delete({ key: this.keys(client, username)[0] });
  }

  private async bump(key: string, limit: number, now: number): Promise<void> {
    const row = await this.attempts.findOneBy({ key });
    // An expired block starts a fresh count; a stale count (over a day old) is forgotten.
    const fresh =
      !row || (row.blockedUntil !== null && row.blockedUntil <= now) || now - row.updatedAt > 86_400_000;
    const failures = fresh ? 1 : row.failures + 1;
    await this.attempts.upsert(
      { key, failures, blockedUntil: failures >= limit ? now + BLOCK_MS : null, updatedAt: now },
      ['key'],
    );
  }
}
