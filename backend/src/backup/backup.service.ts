import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Response } from 'express';
import { randomUUID } from 'node:crypto';
import { LOGO_ICON_KEYS } from 'contract';
import { In, type Repository } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import { ActivityService, type ActivityRecord } from '../activity/activity.service.js';
import { JobLockService } from '../database/job-lock.service.js';
import { TransactionRunner } from '../database/transaction-runner.js';
import { AppMetrics } from '../observability/metrics.js';
import { ShopsService } from '../shops/shops.service.js';
import { ObjectStorage } from '../uploads/object-storage.js';
import { referencedKeys, type FullBackupWritten } from './backup-archive.js';
import { backupFileName, humanSize, prettyJsonChunks } from './backup-format.js';
import { BackupRecord, type BackupRecordKind } from './backup-record.entity.js';
import { BackupWorkers } from './backup-workers.js';
import type { BackupStatsDto } from './dto/backup.dto.js';

/** Held by each full backup being written: the image sweep waits, so every image shops.json names stays. */
export const FULL_BACKUP_LOCK_PREFIX = 'full-backup:';

/** Statistics and the two downloads: the complete ZIP and the data-only JSON. */
@Injectable()
export class BackupService {
  private readonly logger = new Logger('BackupService');

  constructor(
    @InjectRepository(BackupRecord) private readonly records: Repository<BackupRecord>,
    private readonly shops: ShopsService,
    private readonly storage: ObjectStorage,
    private readonly locks: JobLockService,
    private readonly metrics: AppMetrics,
    private readonly activity: ActivityService,
    private readonly transactions: TransactionRunner,
    private readonly workers: BackupWorkers,
  ) {}

  /** The statistics but the configuration's (the controller adds the schedule and restore limit). */
  async stats(): Promise<Omit<BackupStatsDto, 'automaticBackups' | 'restoreMaxBytes'>> {
    const { shops } = await this.shops.getCatalog();
    const isIcon = (logo: string) => (LOGO_ICON_KEYS as readonly string[]).includes(logo);
    let imageBytes = 0;
    let storedImages = 0;
    for (const key of referencedKeys(shops)) {
      const info = await this.storage.stat(key);
      if (info) {
        imageBytes += info.size;
        storedImages++;
      }
    }
    // The ZIP stores images as they are and deflates the JSON; shops.json's exact size, a slice at a time.
    let dataBytes = 0;
    for (const chunk of prettyJsonChunks(shops)) dataBytes += chunk.length;
    const estimatedBytes = imageBytes + Math.ceil(dataBytes / 4) + 100 * (storedImages + 2) + 1024;
    const latest = (kind: BackupRecordKind | BackupRecordKind[]) =>
      this.records.findOne({
        where: { kind: Array.isArray(kind) ? In(kind) : kind },
        order: { createdAt: 'DESC' },
      });
    // An automatic backup is a complete backup too: the reminder counts it.
    const last = await latest(['full', 'auto']);
    const lastAutomatic = await latest('auto');
    const lastFailure = await latest('auto-error');
    return {
      totalShops: shops.length,
      imagesWithLogos: shops.filter((shop) => !isIcon(shop.logo)).length,
      imagesWithMaps: shops.filter((shop) => Boolean(shop.mapImageUrl)).length,
      storedImages,
      estimatedSize: humanSize(estimatedBytes),
      estimatedBytes,
      lastFullBackupAt: last?.createdAt ?? null,
      lastAutomaticBackupAt: lastAutomatic?.createdAt ?? null,
      automaticBackupFailedAt:
        lastFailure && (!lastAutomatic || lastFailure.createdAt >= lastAutomatic.createdAt)
          ? lastFailure.createdAt
          : null,
    };
  }

  /** Streams the complete backup, written in the backup worker, to the response. */
  async writeFullBackup(response: Response, actor: ActivityActor): Promise<void> {
    // A lock of its own (backups run side by side) that the image sweep waits for.
    await this.metrics.observeJob('backup', () =>
      this.underBackupLock(() =>
        this.download(response, 'full', 'application/zip', async () => {
          const written = await this.workers.fullBackup(response);
          await this.recordDownload(actor, { kind: 'full', ...written });
        }),
      ),
    );
  }

  /** Streams the data-only backup (the ZIP's shops and requests in one JSON), written in the backup worker. */
  writeDataBackup(response: Response, actor: ActivityActor): Promise<void> {
    return this.metrics.observeJob('data-backup', () =>
      this.download(response, 'data', 'application/json; charset=utf-8', () =>
        this.workers.dataBackup(response, ({ bytes, shops }) =>
          this.recordDownload(actor, { kind: 'data', shops, images: 0, bytes }),
        ),
      ),
    );
  }

  /** A backup download's headers, then `write`; a failure breaks off the response (its headers are sent). */
  private async download(
    response: Response,
    kind: 'full' | 'data',
    contentType: string,
    write: () => Promise<void>,
  ): Promise<void> {
    response.setHeader('Content-Type', contentType);
    response.setHeader('Content-Disposition', `attachment; filename="${backupFileName(kind)}"`);
    response.setHeader('Cache-Control', 'no-store');
    try {
      await write();
    } catch (error) {
      this.logger.error(`${kind === 'full' ? 'Full' : 'Data'} backup failed: ${(error as Error).message}`);
      response.destroy(error as Error);
    }
  }

  /** The complete backup into a new file (left for the caller to remove on failure, and to record). */
  writeFullBackupToFile(path: string, createdAt: Date): Promise<FullBackupWritten> {
    return this.underBackupLock(() => this.workers.fullBackupToFile(path, createdAt));
  }

  /** Counts a finished (or `auto-error`, failed) backup for the dashboard, with its log entry in one transaction. */
  async record(
    kind: BackupRecord['kind'],
    written: Pick<FullBackupWritten, 'shops' | 'images' | 'bytes'>,
    entry?: ActivityRecord,
  ): Promise<void> {
    await this.transactions.run(async (manager) => {
      // To the millisecond (SQLite's default has whole seconds): a failure and the success after it differ.
      const { shops, images, bytes } = written;
      await manager.insert(BackupRecord, { kind, shops, images, bytes, createdAt: new Date() });
      if (entry) await this.activity.record(manager, entry);
    });
  }

  private underBackupLock<T>(work: () => Promise<T>): Promise<T> {
    return this.locks.run(`${FULL_BACKUP_LOCK_PREFIX}${randomUUID()}`, () => new Error('unreachable'), work);
  }

  /** A completed download: the dashboard's record of it and its log entry, together. */
  private recordDownload(
    actor: ActivityActor,
    backup: { kind: 'full' | 'data'; shops: number; images: number; bytes: number; activity?: number },
  ): Promise<void> {
    const { kind, shops, images, bytes, activity } = backup;
    const details = { kind, shops, images, bytes, ...(activity === undefined ? {} : { activity }) };
    return this.record(kind, backup, { kind: 'backup.downloaded', actor, details });
  }
}
