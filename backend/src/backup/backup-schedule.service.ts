import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { LessThan, Like, type Repository } from 'typeorm';
import { SERVER_ACTOR } from '../activity/activity-actor.js';
import { isUniqueViolation } from '../common/database-errors.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { JobLockService } from '../database/job-lock.service.js';
import { PERIODIC_JOB_OPTIONS } from '../database/periodic-job.js';
import { SystemFlag } from '../database/database.entity.js';
import { AppMetrics } from '../observability/metrics.js';
import { BackupService } from './backup.service.js';
import { StoredBackupsService } from './stored-backups.service.js';

/** Held while an automatic backup runs, so that two never overlap on any replica. */
export const AUTOMATIC_BACKUP_LOCK = 'automatic-backup';
/** `system_flag` rows claiming each scheduled time: of all replicas, the first insert runs it. */
const CLAIM_PREFIX = 'automatic-backup:';
/** Claims are kept this long (far beyond any clock skew between replicas), then deleted. */
const CLAIM_RETENTION_MS = 31 * 24 * 3_600_000;

export type AutomaticBackupOutcome =
  | { stored: string; pruned: string[] }
  | { failed: string }
  | { skipped: 'already run for this time' | 'another automatic backup is running' };

/**
 * Automatic backups on BACKUP_SCHEDULE, added to @nestjs/schedule's registry because the pattern is
 * configuration. The first replica to insert a time's claim runs it, under the lock; failures are recorded.
 */
@Injectable()
export class BackupScheduleService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AutomaticBackups');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(SystemFlag) private readonly flags: Repository<SystemFlag>,
    private readonly locks: JobLockService,
    private readonly stored: StoredBackupsService,
    private readonly backups: BackupService,
    private readonly metrics: AppMetrics,
    private readonly registry: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    const { schedule, timeZone } = this.config.automaticBackups;
    if (!schedule) return;
    const job: CronJob = CronJob.from({
      ...PERIODIC_JOB_OPTIONS,
      cronTime: schedule,
      timeZone,
      start: true,
      onTick: () =>
        this.runScheduled(this.currentSlot(job)).then(
          () => undefined,
          (error: Error) => this.logger.error(`Automatic backup failed: ${error.message}`),
        ),
    });
    // The registry stops it when the app stops.
    this.registry.addCronJob(AUTOMATIC_BACKUP_LOCK, job);
  }

  /** When the next automatic backup is due, or null when BACKUP_SCHEDULE=off. */
  nextRunAt(): Date | null {
    if (!this.registry.doesExist('cron', AUTOMATIC_BACKUP_LOCK)) return null;
    return this.registry.getCronJob(AUTOMATIC_BACKUP_LOCK).nextDate().toJSDate();
  }

  /**
   * The scheduled time of this tick (replicas' clocks differ a little): the schedule's latest time
   * up to a second from now, in the minute before (a tick fires at its time or just after).
   */
  private currentSlot(job: CronJob): Date {
    const now = Date.now();
    const { cronTime } = job;
    let slot: Date | undefined;
    for (
      let next = cronTime.getNextDateFrom(new Date(now - 60_000), cronTime.timeZone).toJSDate();
      next.getTime() <= now + 1_000;
      next = cronTime.getNextDateFrom(next, cronTime.timeZone).toJSDate()
    )
      slot = next;
    return slot ?? new Date(Math.floor(now / 1_000) * 1_000);
  }

  /** The automatic backup of the scheduled time `slot`, unless a replica already ran or runs it. */
  async runScheduled(slot: Date): Promise<AutomaticBackupOutcome> {
    const run = await this.locks.tryRun(AUTOMATIC_BACKUP_LOCK, () => this.runClaimed(slot));
    return run.ran ? run.value : { skipped: 'another automatic backup is running' };
  }

  private async runClaimed(slot: Date): Promise<AutomaticBackupOutcome> {
    try {
      await this.flags.insert({ name: `${CLAIM_PREFIX}${slot.toISOString()}` });
    } catch (error) {
      if (isUniqueViolation(error)) return { skipped: 'already run for this time' };
      throw error;
    }
    await this.flags.delete({
      name: Like(`${CLAIM_PREFIX}%`),
      createdAt: LessThan(new Date(Date.now() - CLAIM_RETENTION_MS)),
    });
    try {
      const backup = await this.metrics.observeJob('scheduled-backup', () => this.stored.store(true));
      const { name, shops, images, bytes, activity } = backup;
      const details = { name, shops, images, bytes, activity };
      await this.backups.record('auto', backup, { kind: 'backup.stored', actor: SERVER_ACTOR, details });
      this.logger.log(`Automatic backup stored: ${name} (${shops} shops, ${images} images)`);
      return { stored: name, pruned: await this.stored.prune() };
    } catch (error) {
      const reason = (error as Error).message;
      this.logger.error(`Automatic backup failed: ${reason}`);
      await this.backups.record(
        'auto-error',
        { shops: 0, images: 0, bytes: 0 },
        { kind: 'backup.failed', actor: SERVER_ACTOR, details: { slot: slot.toISOString(), reason } },
      );
      return { failed: reason };
    }
  }
}
