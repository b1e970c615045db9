import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isExpiredAt, localDay } from 'contract';
import { DataSource, LessThan } from 'typeorm';
import { SERVER_ACTOR } from '../activity/activity-actor.js';
import { JobLockService } from '../database/job-lock.service.js';
import { EVERY_MINUTE, PeriodicJob } from '../database/periodic-job.js';
import { Shop } from './shop.entity.js';
import { ShopWriter } from './shop-writer.js';
import { readStoredShops } from './stored-shops.js';

/**
 * Unverifies a shop the day after its valid-until in its own time zone, through the one writer (logged
 * as the server's). Every minute, so the badge goes within a minute of midnight; an idle run is one query.
 */
@Injectable()
export class VerificationExpiry implements OnApplicationBootstrap {
  private readonly logger = new Logger('VerificationExpiry');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writer: ShopWriter,
    private readonly jobs: JobLockService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // A server stopped over midnight catches up as it starts.
    await this.expireCertificates().catch((error: Error) =>
      this.logger.error(`Expiring verifications failed: ${error.message}`),
    );
  }

  /** One run, on one replica at a time; `now` lets a test stand on another day. Returns those unverified. */
  @PeriodicJob(EVERY_MINUTE)
  async expireCertificates(now = Date.now()): Promise<number> {
    const run = await this.jobs.tryRun('verification-expiry', () => this.expire(now));
    return run.ran ? run.value : 0;
  }

  private async expire(now: number): Promise<number> {
    // Every Mexican zone is behind UTC: a certificate past in its shop's zone is past in UTC's day.
    const candidates = await this.dataSource.getRepository(Shop).find({
      select: { id: true, state: true, validUntil: true },
      where: { isVerified: 'true', validUntil: LessThan(localDay(now, 'UTC')) },
    });
    const ids = candidates.filter((shop) => isExpiredAt(shop, now)).map((shop) => shop.id);
    if (!ids.length) return 0;
    await this.writer.write(SERVER_ACTOR, { via: 'expiry' }, async (writes, manager) => {
      for (const current of await readStoredShops(manager, ids))
        if (current.shop.isVerified === 'true') await writes.update(current, { isVerified: 'false' });
    });
    this.logger.log(`The certificates of ${ids.length} shops expired; they no longer show as verified`);
    return ids.length;
  }
}
