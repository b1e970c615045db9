import { Inject, Injectable } from '@nestjs/common';
import argon2, { type HashOptions } from 'argon2';
import { availableParallelism } from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';
import type { AppConfig } from '../config/app.config.js';
import { APP_CONFIG } from '../config/config.token.js';

/**
 * argon2id at 64 MiB and 3 passes (the library's defaults) in one lane: the library's default
 * of 4 lanes runs each hash on 4 threads, so one hash took the whole of a 2-core machine, however
 * few ran at once. In one lane a hash takes one core, and the queue below leaves one free.
 * Above OWASP's argon2id settings (the strongest: 46 MiB, 1 pass, 1 lane).
 */
const STANDARD_COST = { parallelism: 1 };
/** Same algorithm and code path, a few ms per hash instead of hundreds: for the test suites only. */
const TEST_COST = { timeCost: 1, memoryCost: 1024, parallelism: 1 };

/**
 * Hashes computed at once: one core fewer than the machine has, so a burst of logins (each
 * 64 MiB and a core for a few hundred ms) waits its turn in this queue instead of filling
 * libuv's thread pool, which the file system and compression share, and starving the server.
 */
export const HASHING_CONCURRENCY = Math.max(1, availableParallelism() - 1);

/**
 * argon2id at STANDARD_COST, or TEST_COST when the config says so (NODE_ENV=test only), at most
 * HASHING_CONCURRENCY at a time. A hash made once at start-up is verified for unknown
 * usernames, so "no such user" costs the same time as "wrong password". Verification reads the
 * cost from the stored hash (hashes made in 4 lanes before still verify).
 */
@Injectable()
export class PasswordHasher {
  private readonly options: HashOptions;
  private readonly queue: LimitFunction = pLimit(HASHING_CONCURRENCY);
  private readonly decoy: Promise<string>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.options = {
      type: argon2.argon2id,
      ...(config.passwordHashCost === 'test' ? TEST_COST : STANDARD_COST),
    };
    this.decoy = this.hash('decoy-password-for-unknown-users');
  }

  hash(password: string): Promise<string> {
    return this.queue(() => argon2.hash(password, this.options));
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    const stored = hash ?? (await this.decoy);
    try {
      const matches = await this.queue(() => argon2.verify(stored, password));
      return hash !== null && matches;
    } catch {
      return false;
    }
  }
}
