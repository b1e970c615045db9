import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { EVERY_DAY, PeriodicJob } from '../database/periodic-job.js';
import { ActivityService } from './activity.service.js';

const DAY_MS = 86_400_000;

/** Deletes entries past ACTIVITY_RETENTION_DAYS daily, on every instance: others find the DELETE done. */
@Injectable()
export class ActivityRetentionService implements OnApplicationBootstrap {
  private readonly logger = new Logger('ActivityRetention');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly activity: ActivityService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // One indexed DELETE of at most a day's entries (more only after a long stop).
    await this.deleteExpired().catch((error: Error) =>
      this.logger.error(`Deleting old activity entries failed: ${error.message}`),
    );
  }

  /** One run; `now` lets a test stand in the future. Returns the entries deleted. */
  @PeriodicJob(EVERY_DAY)
  async deleteExpired(now = Date.now()): Promise<number> {
    const deleted = await this.activity.deleteOlderThan(now - this.config.activityRetentionDays * DAY_MS);
    if (deleted) this.logger.log(`Deleted ${deleted} activity entries older than the retention period`);
    return deleted;
  }
}
