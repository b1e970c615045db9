import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CORRECTED_FIELD, CORRECTION_KINDS } from 'contract';
import { DataSource, In, IsNull, LessThan, Not, type FindOptionsWhere } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { JobLockService } from '../database/job-lock.service.js';
import { EVERY_HOUR, PeriodicJob } from '../database/periodic-job.js';
import { purgeWriteAheadLog } from '../database/sqlite-log-purge.js';
import { RateLimits } from '../rate-limits/rate-limits.service.js';
import { VisitorRequest } from './visitor-request.entity.js';

const DAY_MS = 86_400_000;

/** Corrections whose proposed value is the visitor's own words, not a shop field's value. */
const FREE_TEXT_KINDS = CORRECTION_KINDS.filter((kind) => !CORRECTED_FIELD[kind]);

/**
 * Erases who submitted and their own words VISITOR_DATA_RETENTION_DAYS after the decision, then empties
 * SQLite's write-ahead log; hourly, one instance at a time, with the spent rate counters and proofs.
 */
@Injectable()
export class VisitorDataRetentionService implements OnApplicationBootstrap {
  private readonly logger = new Logger('VisitorDataRetention');
  /** An erasure whose write-ahead log could not be emptied yet (a reader held it). */
  private logPurgeOwed = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly limits: RateLimits,
    private readonly locks: JobLockService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.eraseExpired().catch((error: Error) =>
      this.logger.error(`Erasing submitters' personal data failed: ${error.message}`),
    );
  }

  /** One run; `now` lets a test stand in the future. The requests erased, or null when skipped. */
  @PeriodicJob(EVERY_HOUR)
  async eraseExpired(now = Date.now()): Promise<number | null> {
    const cutoff = now - this.config.visitorRequests.personalDataRetentionDays * DAY_MS;
    const run = await this.locks.tryRun('visitor-data-retention', async () => {
      const decided = { status: Not('pending' as const), decidedAt: LessThan(cutoff) };
      // Every decided request with something left to erase (also those erased by older rules).
      const leftToErase: FindOptionsWhere<VisitorRequest>[] = [
        { ...decided, personalDataErasedAt: IsNull() },
        { ...decided, comment: Not(IsNull()) },
        { ...decided, proposedShop: Not(IsNull()) },
        { ...decided, duplicateKey: Not(IsNull()) },
        { ...decided, kind: In(FREE_TEXT_KINDS), proposedValue: Not(IsNull()) },
        { ...decided, type: 'listing', status: In(['rejected', 'spam']), shopName: Not(IsNull()) },
      ];
      const { affected } = await this.dataSource
        .createQueryBuilder()
        .update(VisitorRequest)
        .set({
          submitterName: null,
          submitterEmail: null,
          submitterAddress: null,
          comment: null,
          proposedShop: null,
          duplicateKey: null,
          proposedValue: () => 'CASE WHEN kind IN (:...freeTextKinds) THEN NULL ELSE proposed_value END',
          shopName: () => "CASE WHEN type = 'listing' AND status <> 'approved' THEN NULL ELSE shop_name END",
          personalDataErasedAt: () => 'COALESCE(personal_data_erased_at, :now)',
        })
        .where(leftToErase)
        .setParameters({ now, freeTextKinds: FREE_TEXT_KINDS })
        .execute();
      // Owed until done: a purge that failed or found the log busy is tried again next run.
      if (affected) this.logPurgeOwed = true;
      if (this.logPurgeOwed) {
        this.logPurgeOwed = !(await purgeWriteAheadLog(this.dataSource));
        if (this.logPurgeOwed)
          this.logger.warn('The database log still holds erased data (busy): emptied on the next run');
      }
      await this.limits.deleteExpired(now);
      return affected ?? 0;
    });
    if (!run.ran) return null;
    if (run.value) this.logger.log(`Erased the personal data of ${run.value} decided requests`);
    return run.value;
  }
}
