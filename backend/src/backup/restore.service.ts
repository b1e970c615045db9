import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import { ApiError } from '../common/api-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { JobLockService } from '../database/job-lock.service.js';
import { EVERY_MINUTE, PeriodicJob } from '../database/periodic-job.js';
import { PendingObject } from '../database/database.entity.js';
import { AppMetrics } from '../observability/metrics.js';
import { ObjectStorage } from '../uploads/object-storage.js';
import type { BackupFile, RestoreSource } from './backup-reader.js';
import { BackupWorkers } from './backup-workers.js';
import type { RestorePreviewDto, RestoreResultDto } from './dto/backup.dto.js';
import { discardStored } from './restore-job.js';

export const RESTORE_LOCK = 'restore';

/** All-or-nothing restores in the backup worker, one at a time everywhere; deletes dead restores' images. */
@Injectable()
export class RestoreService implements OnApplicationBootstrap {
  private readonly logger = new Logger('RestoreService');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly storage: ObjectStorage,
    private readonly locks: JobLockService,
    private readonly metrics: AppMetrics,
    private readonly workers: BackupWorkers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** At start-up and every minute: also a restore that died on another instance (its lock expires). */
  async onApplicationBootstrap(): Promise<void> {
    await this.removeOrphans();
  }

  /** Deletes images journalled by a restore that is no longer running. */
  @PeriodicJob(EVERY_MINUTE)
  async removeOrphans(): Promise<void> {
    if (await this.locks.isHeld(RESTORE_LOCK)) return;
    const pending = await this.dataSource.getRepository(PendingObject).find();
    if (!pending.length) return;
    await discardStored(
      { dataSource: this.dataSource, storage: this.storage },
      pending.map((row) => row.key),
    );
    this.logger.warn(`Deleted ${pending.length} image(s) left by an interrupted restore`);
  }

  /** Restores a backup file, logged as `actor`'s with its `source` and counts. */
  restore(file: BackupFile, actor: ActivityActor, source: RestoreSource): Promise<RestoreResultDto> {
    return this.metrics.observeJob('restore', () =>
      this.locks.run(
        RESTORE_LOCK,
        () =>
          new ApiError(
            409,
            'RESTORE_IN_PROGRESS',
            'Another restore is running. Please wait for it to finish.',
          ),
        () => this.workers.restore(file, this.config.restoreMaxShops, { actor, source }),
      ),
    );
  }

  /** What `restore` would do, by the same checks and plan, changing nothing; problems are listed, not thrown. */
  preview(file: BackupFile): Promise<RestorePreviewDto> {
    return this.workers.preview(file, this.config.restoreMaxShops);
  }
}
