import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { AppConfig } from '../config/app.config.js';
import { APP_CONFIG } from '../config/config.token.js';
import { JobLockService } from '../database/job-lock.service.js';
import { ActivityService } from './activity.service.js';

const RETENTION_LOCK = 'activity-retention';
const DAY_MS = 86_400_000;

/** Another instance is deleting old entries right now: this run skips. */
class RetentionBusy extends Error {}

/**
 * Deletes entries older than ACTIVITY_RETENTION_DAYS, at start-up and once a day after; one
 * instance at a time (job lock), the others skip that run.
 */
@Injectable()
export class ActivityRetentionService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ActivityRetention');
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly activity: ActivityService,
    private readonly locks: JobLockService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const run = () =>
      this.deleteExpired().catch((error: Error) =>
        this.logger.error(`Deleting old activity entries failed: ${error.message}`),
      );
    // One indexed DELETE of at most a day's entries (more only after a long stop).
    await run();
    this.timer = setInterval(() => void run(), DAY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** One run; `now` lets a test stand in the future. Returns the entries deleted, or null when skipped. */
  async deleteExpired(now = Date.now()): Promise<number | null> {
    const cutoff = now - this.config.activityRetentionDays * DAY_MS;
    try {
      const deleted = await this.locks.run(
        RETENTION_LOCK,
        () => new RetentionBusy(),
        () => this.activity.deleteOlderThan(cutoff),
      );
      if (deleted) this.logger.log(`Deleted ${deleted} activity entries older than the retention period`);
      return deleted;
    } catch (error) {
      if (error instanceof RetentionBusy) return null;
      throw error;
    }
  }
}
