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

/**
 * Every full backup being written holds a lock named with this prefix: the image sweep deletes
 * nothing while one is held, so a backup finds every image its shops.json names.
 */
export const FULL_BACKUP_LOCK_PREFIX = 'full-backup:';

export type { FullBackupWritten } from './backup-archive.js';

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
    // The ZIP stores images as they are and deflates the JSON; headers cost ~100 B an entry.
    // shops.json's exact size, a slice at a time as the backup writes it.
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

  /**
   * Streams the complete backup to the response, written in the backup worker (backup-archive.ts):
   * shops.json, the activity log, the pending requests, every referenced image, the manifest.
   */
  async writeFullBackup(response: Response, actor: ActivityActor): Promise<void> {
    // A lock of its own (backups run side by side) that the image sweep waits for.
    // The name is unique, so `busy` cannot happen.
    await this.metrics.observeJob('backup', () =>
      this.underBackupLock(async () => {
        response.setHeader('Content-Type', 'application/zip');
        response.setHeader('Content-Disposition', `attachment; filename="${backupFileName('full')}"`);
        response.setHeader('Cache-Control', 'no-store');
        try {
          const written = await this.workers.fullBackup(response);
          await this.recordDownload(actor, { kind: 'full', ...written });
        } catch (error) {
          this.logger.error(`Full backup failed: ${(error as Error).message}`);
          response.destroy(error as Error);
        }
      }),
    );
  }

  /**
   * Writes the same complete backup into a new file (the automatic backups); throws when it
   * fails, leaving the file for the caller to remove. Recording it is the caller's (its kind).
   */
  writeFullBackupToFile(path: string, createdAt: Date): Promise<FullBackupWritten> {
    return this.underBackupLock(() => this.workers.fullBackupToFile(path, createdAt));
  }

  /**
   * Counts a finished (or, `auto-error`, failed) backup for the dashboard's reminder, and
   * writes its activity log entry (if any) in the same transaction: an entry that cannot be
   * written undoes the count, and the other way round.
   */
  async record(
    kind: BackupRecord['kind'],
    written: Pick<FullBackupWritten, 'shops' | 'images' | 'bytes'>,
    entry?: ActivityRecord,
  ): Promise<void> {
    await this.transactions.run(async (manager) => {
      // The time to the millisecond (SQLite's default has whole seconds): a failure and the
      // success right after it must be told apart.
      await manager.insert(BackupRecord, {
        kind,
        shops: written.shops,
        images: written.images,
        bytes: written.bytes,
        createdAt: new Date(),
      });
      if (entry) await this.activity.record(manager, entry);
    });
  }

  private underBackupLock<T>(work: () => Promise<T>): Promise<T> {
    return this.locks.run(`${FULL_BACKUP_LOCK_PREFIX}${randomUUID()}`, () => new Error('unreachable'), work);
  }

  /** A completed download: the dashboard's record of it and its log entry, together. */
  private async recordDownload(
    actor: ActivityActor,
    backup: { kind: 'full' | 'data'; shops: number; images: number; bytes: number; activity?: number },
  ): Promise<void> {
    const { kind, shops, images, bytes, activity } = backup;
    await this.record(
      kind,
      { shops, images, bytes },
      {
        kind: 'backup.downloaded',
        actor,
        details: { kind, shops, images, bytes, ...(activity === undefined ? {} : { activity }) },
      },
    );
  }

  /**
   * Streams the data-only backup to the response: the same shops as the ZIP's shops.json,
   * wrapped with its format (data-backup-json.ts), written in the backup worker.
   */
  writeDataBackup(response: Response, actor: ActivityActor): Promise<void> {
    return this.metrics.observeJob('data-backup', async () => {
      response.setHeader('Content-Type', 'application/json; charset=utf-8');
      response.setHeader('Content-Disposition', `attachment; filename="${backupFileName('data')}"`);
      response.setHeader('Cache-Control', 'no-store');
      try {
        await this.workers.dataBackup(response, ({ bytes, shops }) =>
          this.recordDownload(actor, { kind: 'data', shops, images: 0, bytes }),
        );
      } catch (error) {
        this.logger.error(`Data backup failed: ${(error as Error).message}`);
        response.destroy(error as Error);
      }
    });
  }
}
