import { Inject, Injectable } from '@nestjs/common';
import argon2, { type HashOptions } from 'argon2';
import { availableParallelism } from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';

/** argon2id's defaults (64 MiB, 3 passes; above OWASP's) in one lane: more lanes would take every core. */
const STANDARD_COST = { parallelism: 1 };
/** Same algorithm and code path, a few ms per hash instead of hundreds: for the test suites only. */
const TEST_COST = { timeCost: 1, memoryCost: 1024, parallelism: 1 };

/** Hashes at once: a core fewer than the machine has, so a login burst queues here, not in libuv's pool. */
export const HASHING_CONCURRENCY = Math.max(1, availableParallelism() - 1);

/** Password hashes, HASHING_CONCURRENCY at once; an unknown username verifies a decoy, costing the same. */
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
