import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, LessThan, Not } from 'typeorm';
import type { AppConfig } from '../config/app.config.js';
import { APP_CONFIG } from '../config/config.token.js';
import { JobLockService } from '../database/job-lock.service.js';
import { EVERY_HOUR, JobScheduler } from '../database/job-scheduler.js';
import { RateLimits } from '../rate-limits/rate-limits.service.js';
import { VisitorRequest } from './visitor-request.entity.js';

const RETENTION_LOCK = 'visitor-data-retention';
const DAY_MS = 86_400_000;

/**
 * Submitters' personal data (name, e-mail, client address) is kept only until the decision plus
 * VISITOR_DATA_RETENTION_DAYS, then erased from the request, which stays (reference, shop,
 * proposal, decision) for the record. Pending requests keep it: the submitter waits for an
 * answer. Runs at start-up and every hour, one instance at a time (the job lock); the same run
 * deletes rate counters and spent proofs whose window is over.
 */
@Injectable()
export class VisitorDataRetentionService implements OnApplicationBootstrap {
  private readonly logger = new Logger('VisitorDataRetention');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly limits: RateLimits,
    private readonly locks: JobLockService,
    private readonly jobs: JobScheduler,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.eraseExpired().catch((error: Error) =>
      this.logger.error(`Erasing submitters' personal data failed: ${error.message}`),
    );
    this.jobs.schedule(RETENTION_LOCK, EVERY_HOUR, () => this.eraseExpired());
  }

  /** One run; `now` lets a test stand in the future. The requests erased, or null when skipped. */
  async eraseExpired(now = Date.now()): Promise<number | null> {
    const cutoff = now - this.config.visitorRequests.personalDataRetentionDays * DAY_MS;
    const run = await this.locks.tryRun(RETENTION_LOCK, async () => {
      const { affected } = await this.dataSource
        .getRepository(VisitorRequest)
        .update(
          { status: Not('pending'), decidedAt: LessThan(cutoff), personalDataErasedAt: IsNull() },
          { submitterName: null, submitterEmail: null, submitterAddress: null, personalDataErasedAt: now },
        );
      await this.limits.deleteExpired(now);
      return affected ?? 0;
    });
    if (!run.ran) return null;
    if (run.value) this.logger.log(`Erased the personal data of ${run.value} decided requests`);
    return run.value;
  }
}
