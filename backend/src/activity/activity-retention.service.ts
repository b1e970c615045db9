import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { AppConfig } from '../config/app.config.js';
import { APP_CONFIG } from '../config/config.token.js';
import { JobLockService } from '../database/job-lock.service.js';
import { EVERY_DAY, PeriodicJob } from '../database/periodic-job.js';
import { ActivityService } from './activity.service.js';

const DAY_MS = 86_400_000;

/**
 * Deletes entries older than ACTIVITY_RETENTION_DAYS, at start-up and once a day after; one
 * instance at a time (job lock), the others skip that run.
 */
@Injectable()
export class ActivityRetentionService implements OnApplicationBootstrap {
  private readonly logger = new Logger('ActivityRetention');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly activity: ActivityService,
    private readonly locks: JobLockService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // One indexed DELETE of at most a day's entries (more only after a long stop).
    await this.deleteExpired().catch((error: Error) =>
      this.logger.error(`Deleting old activity entries failed: ${error.message}`),
    );
  }

  /** One run; `now` lets a test stand in the future. Returns the entries deleted, or null when skipped. */
  @PeriodicJob(EVERY_DAY)
  async deleteExpired(now = Date.now()): Promise<number | null> {
    const cutoff = now - this.config.activityRetentionDays * DAY_MS;
    const run = await this.locks.tryRun('activity-retention', () => this.activity.deleteOlderThan(cutoff));
    if (!run.ran) return null;
    if (run.value) this.logger.log(`Deleted ${run.value} activity entries older than the retention period`);
    return run.value;
  }
}
