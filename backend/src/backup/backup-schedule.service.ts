import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Cron } from 'croner';
import { DataSource, LessThan, Like } from 'typeorm';
import { SERVER_ACTOR } from '../activity/activity-actor.js';
import { isUniqueViolation } from '../common/database-errors.js';
import type { AppConfig } from '../config/app.config.js';
import { APP_CONFIG } from '../config/config.token.js';
import { JobLockService } from '../database/job-lock.service.js';
import { JobScheduler } from '../database/job-scheduler.js';
import { SystemFlag } from '../database/system-flag.entity.js';
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
 * Runs the automatic backups on BACKUP_SCHEDULE (croner, in America/Mexico_City time). Every
 * replica keeps the same schedule; each scheduled time runs once in all: the replica whose
 * claim of that time is inserted first runs it, under the job lock so that a slow backup and
 * the next one never overlap. A failure is recorded for the dashboard.
 */
@Injectable()
export class BackupScheduleService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AutomaticBackups');
  private job?: Cron;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly locks: JobLockService,
    private readonly stored: StoredBackupsService,
    private readonly backups: BackupService,
    private readonly metrics: AppMetrics,
    private readonly jobs: JobScheduler,
  ) {}

  onApplicationBootstrap(): void {
    const { schedule, timeZone } = this.config.automaticBackups;
    if (!schedule) return;
    this.job = this.jobs.schedule(
      'automatic-backup',
      schedule,
      () => this.runScheduled(this.currentSlot()),
      timeZone,
    );
  }

  /** When the next automatic backup is due, or null when BACKUP_SCHEDULE=off. */
  nextRunAt(): Date | null {
    return this.job?.nextRun() ?? null;
  }

  /**
   * The scheduled time this tick belongs to (not the clock's reading, which differs a little
   * between replicas): the latest time of the schedule up to a second from now.
   */
  private currentSlot(): Date {
    const now = Date.now();
    const [slot] = this.job!.previousRuns(1, new Date(now + 1_000));
    return slot ?? new Date(Math.floor(now / 1_000) * 1_000);
  }

  /** The automatic backup of the scheduled time `slot`, unless a replica already ran or runs it. */
  async runScheduled(slot: Date): Promise<AutomaticBackupOutcome> {
    const run = await this.locks.tryRun(AUTOMATIC_BACKUP_LOCK, () => this.runClaimed(slot));
    return run.ran ? run.value : { skipped: 'another automatic backup is running' };
  }

  private async runClaimed(slot: Date): Promise<AutomaticBackupOutcome> {
    const flags = this.dataSource.getRepository(SystemFlag);
    try {
      await flags.insert({ name: `${CLAIM_PREFIX}${slot.toISOString()}` });
    } catch (error) {
      if (isUniqueViolation(error)) return { skipped: 'already run for this time' };
      throw error;
    }
    await flags.delete({
      name: Like(`${CLAIM_PREFIX}%`),
      createdAt: LessThan(new Date(Date.now() - CLAIM_RETENTION_MS)),
    });
    try {
      const backup = await this.metrics.observeJob('scheduled-backup', () => this.stored.store(true));
      await this.backups.record('auto', backup, {
        kind: 'backup.stored',
        actor: SERVER_ACTOR,
        details: {
          name: backup.name,
          shops: backup.shops,
          images: backup.images,
          bytes: backup.bytes,
          activity: backup.activity,
        },
      });
      this.logger.log(
        `Automatic backup stored: ${backup.name} (${backup.shops} shops, ${backup.images} images)`,
      );
      const pruned = await this.stored.prune();
      return { stored: backup.name, pruned };
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
