import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource, LessThan } from 'typeorm';
import { ApiError } from '../common/api-error.js';
import { isUniqueViolation } from '../common/database-errors.js';
import type { AppConfig } from '../config/app.config.js';
import { APP_CONFIG } from '../config/config.token.js';
import { VisitorCounter } from './visitor-counter.entity.js';

/** For people reading the API; the screens translate the code TOO_MANY_REQUESTS. */
export const TOO_MANY_SUBMISSIONS = 'Too many submissions in a short time. Please try again later.';

/** 429 with the seconds to wait; the exception filter turns it into a Retry-After header. */
export class TooManySubmissionsException extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'TOO_MANY_REQUESTS', TOO_MANY_SUBMISSIONS);
  }
}

const HOUR_MS = 3_600_000;

/**
 * How many corrections and listing requests may arrive per fixed hour: from one client
 * address, and from everyone together. Every attempt counts (refused ones too), so a script
 * cannot probe its way around the limit. Counts are rows raised by one atomic statement, so the
 * limit holds across backend instances; the address is hashed, never stored here.
 */
@Injectable()
export class SubmissionLimits {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** Counts one attempt from `address`, or throws 429 once its hour or everyone's is used up. */
  async take(address: string, now = Date.now()): Promise<void> {
    const { perAddressPerHour, perHour } = this.config.visitorRequests;
    await this.takeWithin('', { perAddressPerHour, perHour }, address, now);
  }

  /**
   * Counts one quarantined upload link from `address`, with its own, lower limits (each lets a
   * visitor store up to 5 MB before anyone has looked at it).
   */
  async takeUpload(address: string, now = Date.now()): Promise<void> {
    const { uploadsPerAddressPerHour, uploadsPerHour } = this.config.visitorRequests;
    await this.takeWithin(
      'upload|',
      { perAddressPerHour: uploadsPerAddressPerHour, perHour: uploadsPerHour },
      address,
      now,
    );
  }

  private async takeWithin(
    scope: string,
    { perAddressPerHour, perHour }: { perAddressPerHour: number; perHour: number },
    address: string,
    now: number,
  ): Promise<void> {
    const window = Math.floor(now / HOUR_MS);
    const windowEndsAt = (window + 1) * HOUR_MS;
    const own = await this.count(`${scope}address|${address}|${window}`, windowEndsAt);
    const everyone = await this.count(`${scope}everyone|${window}`, windowEndsAt);
    if (own > perAddressPerHour || everyone > perHour) {
      throw new TooManySubmissionsException(Math.max(1, Math.ceil((windowEndsAt - now) / 1000)));
    }
  }

  /** Deletes counters whose window is over (spent proofs included). */
  async deleteExpired(now = Date.now()): Promise<number> {
    const { affected } = await this.dataSource
      .getRepository(VisitorCounter)
      .delete({ windowEndsAt: LessThan(now) });
    return affected ?? 0;
  }

  private async count(what: string, windowEndsAt: number): Promise<number> {
    const key = createHash('sha256').update(what).digest('hex');
    const counters = this.dataSource.getRepository(VisitorCounter);
    const { affected } = await counters.increment({ key }, 'hits', 1);
    if (!affected) {
      try {
        await counters.insert({ key, hits: 1, windowEndsAt });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        await counters.increment({ key }, 'hits', 1);
      }
    }
    return (await counters.findOneByOrFail({ key })).hits;
  }
}
