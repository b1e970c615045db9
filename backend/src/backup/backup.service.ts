import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { DataSource, In } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import { ActivityService, type ActivityRecord } from '../activity/activity.service.js';
import type { AppConfig } from '../config/app.config.js';
import { APP_CONFIG } from '../config/config.token.js';
import { JobLockService } from '../database/job-lock.service.js';
import { TransactionRunner } from '../database/transaction-runner.js';
import { AppMetrics } from '../observability/metrics.js';
import type { ShopDto } from '../shops/dto/shop.dto.js';
import { LOGO_ICON_KEYS, OBJECTS_PATH_PREFIX } from 'contract';
import { objectKeyOf } from '../shops/shop.rules.js';
import { ShopsService } from '../shops/shops.service.js';
import { ObjectStorage } from '../uploads/object-storage.js';
import {
  ACTIVITY_NAME,
  REQUESTS_NAME,
  backupFileName,
  FORMAT_VERSION,
  humanSize,
  imageEntryName,
  MANIFEST_NAME,
  PRODUCT,
  prettyJsonChunks,
  SHOPS_NAME,
  type JsonObjectMembers,
  type Manifest,
  type ManifestFile,
} from './backup-format.js';
import { BackupRecord, type BackupRecordKind } from './backup-record.entity.js';
import type { BackupStatsDto } from './dto/backup.dto.js';
import { ByteCounter, HashingStream } from './hashing-streams.js';
import { writeDataBackupJson } from './data-backup-json.js';
import { ManifestFiles } from './manifest-files.js';
import { addStreamEntry } from './zip-entry-hand-over.js';
import { pendingRequestsForBackup, quarantinedPathsOf } from './request-backup.js';

/**
 * Every full backup being written holds a lock named with this prefix: the image sweep deletes
 * nothing while one is held, so a backup finds every image its shops.json names.
 */
export const FULL_BACKUP_LOCK_PREFIX = 'full-backup:';

/** What a complete backup holds, and its size. */
export interface FullBackupWritten {
  shops: number;
  images: number;
  bytes: number;
  /** Images the shops referenced that the store no longer had. */
  missingImages: number;
  /** Entries of the activity log in activity.json. */
  activity: number;
}

/** The distinct uploaded-image keys the shops reference, in a stable order. */
function referencedKeys(shops: ShopDto[]): string[] {
  const keys = new Set<string>();
  for (const shop of shops) {
    for (const reference of [shop.logo, shop.mapImageUrl]) {
      const key = objectKeyOf(reference);
      if (key) keys.add(key);
    }
  }
  return [...keys];
}

/** Statistics and the two downloads: the complete ZIP and the data-only JSON. */
@Injectable()
export class BackupService {
  private readonly logger = new Logger('BackupService');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly shops: ShopsService,
    private readonly storage: ObjectStorage,
    private readonly locks: JobLockService,
    private readonly metrics: AppMetrics,
    private readonly activity: ActivityService,
    private readonly transactions: TransactionRunner,
  ) {}

  /** The statistics but the schedule (the controller adds it). */
  async stats(): Promise<Omit<BackupStatsDto, 'automaticBackups'>> {
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
    const records = this.dataSource.getRepository(BackupRecord);
    const latest = (kind: BackupRecordKind | BackupRecordKind[]) =>
      records.findOne({
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
      restoreMaxBytes: this.config.restoreMaxBytes,
      lastFullBackupAt: last?.createdAt ?? null,
      lastAutomaticBackupAt: lastAutomatic?.createdAt ?? null,
      automaticBackupFailedAt:
        lastFailure && (!lastAutomatic || lastFailure.createdAt >= lastAutomatic.createdAt)
          ? lastFailure.createdAt
          : null,
    };
  }

  /**
   * Streams the complete backup to the response: shops.json, then every referenced image one
   * at a time (hashed as it passes), then the manifest with all checksums. What it holds is one
   * image's buffers and about 400 bytes an entry (yazl's entry for the central directory, and the
   * manifest's columns: ManifestFiles); 900 before those were trimmed (a scratch archive).
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
          const written = await this.writeArchive(response);
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
  writeFullBackupToFile(path: string): Promise<FullBackupWritten> {
    return this.underBackupLock(async () => {
      const output = createWriteStream(path, { flags: 'wx' });
      try {
        const written = await this.writeArchive(output);
        await finished(output);
        return written;
      } finally {
        output.destroy();
      }
    });
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

  /** The ZIP into `output`; resolves once `output` has all of it, rejects when either fails. */
  private async writeArchive(output: Writable): Promise<FullBackupWritten> {
    // The catalogue the public pages already hold (as of the data version committed now),
    // rather than a second copy of every shop read for the backup alone.
    const { shops } = await this.shops.getCatalog();
    const files = new ManifestFiles();
    const missingImages: string[] = [];

    // yazl rather than archiver: archiver writes the central directory as 22 small buffers per
    // entry, all queued at once, which at 20,000 images took 90 MB for a moment (bench:backup).
    const zip = new ZipFile();
    const counted = new ByteCounter();
    const failed = new Promise<never>((_, reject) => {
      zip.once('error', reject);
      counted.once('error', reject);
      output.once('error', reject);
      output.once('close', () => {
        if (!output.writableFinished) reject(new Error('The output closed before the backup was complete'));
      });
    });
    failed.catch(() => undefined);
    zip.outputStream.pipe(counted).pipe(output);
    const mtime = new Date();
    let reading: Readable | undefined;
    /**
     * Adds one entry streamed from `source`, hashed as it passes; resolves its checksum and size
     * once all of it has gone into the archive. Waiting for this stream's own end keeps one
     * entry open at a time.
     */
    const addHashed = async (source: Readable, name: string, compress: boolean): Promise<ManifestFile> => {
      const hashing = new HashingStream();
      reading = source;
      source.on('error', (error) => hashing.destroy(error));
      source.pipe(hashing);
      const letGo = addStreamEntry(zip, name, { compress, mtime }, hashing);
      await Promise.race([once(hashing, 'end'), failed]);
      letGo();
      return { sha256: hashing.sha256, size: hashing.size };
    };
    try {
      // Streamed a slice at a time: the text of 10,000 shops, or of the manifest naming 20,000
      // images, is never one string.
      /** A JSON document of the archive, compressed, from its chunks. */
      const addDocument = async (name: string, chunks: Iterable<Buffer> | AsyncIterable<Buffer>) =>
        files.addDocument(name, await addHashed(Readable.from(chunks, { objectMode: false }), name, true));
      await addDocument(SHOPS_NAME, prettyJsonChunks(shops));
      const activity = { entries: 0 };
      await addDocument(ACTIVITY_NAME, this.activityJson(activity));
      const requests = await pendingRequestsForBackup(this.dataSource);
      await addDocument(REQUESTS_NAME, prettyJsonChunks(requests));
      /** Adds each stored object of `keys` (one open at a time); `missing` gets the paths of the others. */
      const addObjects = async (keys: Iterable<string>, missing: string[]): Promise<number> => {
        let added = 0;
        for (const key of keys) {
          const object = await this.storage.get(key);
          if (!object) {
            missing.push(`${OBJECTS_PATH_PREFIX}${key}`);
            continue;
          }
          const name = imageEntryName(key, object.contentType);
          // Images are already compressed: store them.
          files.addImage(key, object.contentType, await addHashed(object.body, name, false));
          added++;
        }
        return added;
      };
      const images = await addObjects(referencedKeys(shops), missingImages);
      // The visitors' images the pending listing requests name: the sweep keeps them while the
      // requests wait, and deletes nothing while a backup is being written.
      const quarantined = new Set(
        requests.flatMap((row) =>
          quarantinedPathsOf(row).map((path) => path.slice(OBJECTS_PATH_PREFIX.length)),
        ),
      );
      const missingQuarantined: string[] = [];
      const quarantine = await addObjects(quarantined, missingQuarantined);
      const manifest: Omit<Manifest, 'files'> & { files: JsonObjectMembers } = {
        product: PRODUCT,
        formatVersion: FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        counts: {
          shops: shops.length,
          images,
          activity: activity.entries,
          requests: requests.length,
          quarantine,
        },
        files: files.toJson(),
        missingImages,
        missingQuarantined,
      };
      zip.addReadStream(Readable.from(prettyJsonChunks(manifest), { objectMode: false }), MANIFEST_NAME, {
        mtime,
      });
      zip.end();
      await Promise.race([finished(output), failed]);
      return {
        shops: shops.length,
        images,
        bytes: counted.bytes,
        missingImages: missingImages.length,
        activity: activity.entries,
      };
    } catch (error) {
      // Nothing stays open: the entry being read (its file) and the archive's stream.
      reading?.destroy();
      (zip.outputStream as Readable).destroy(error as Error);
      throw error;
    }
  }

  /**
   * The activity log as a JSON array, a chunk of entries at a time, so a log of any length
   * costs the memory of one chunk; `count` holds the entries written once it has ended.
   */
  private async *activityJson(count: { entries: number }): AsyncGenerator<Buffer> {
    yield Buffer.from('[');
    for await (const chunk of this.activity.allEntries()) {
      const lines = chunk.map((entry) => JSON.stringify(entry)).join(',\n');
      yield Buffer.from(`${count.entries ? ',' : ''}\n${lines}`);
      count.entries += chunk.length;
    }
    yield Buffer.from(count.entries ? '\n]\n' : ']\n');
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
   * wrapped with its format, a slice at a time (data-backup-json.ts).
   */
  writeDataBackup(response: Response, actor: ActivityActor): Promise<void> {
    return this.metrics.observeJob('data-backup', async () => {
      const { shops } = await this.shops.getCatalog();
      // Visitors' requests still waiting for a decision travel with the shops they are about.
      const requests = await pendingRequestsForBackup(this.dataSource);
      response.setHeader('Content-Type', 'application/json; charset=utf-8');
      response.setHeader('Content-Disposition', `attachment; filename="${backupFileName('data')}"`);
      response.setHeader('Cache-Control', 'no-store');
      const head = { product: PRODUCT, formatVersion: FORMAT_VERSION, createdAt: new Date().toISOString() };
      try {
        await writeDataBackupJson(response, head, { shops, requests }, (bytes) =>
          this.recordDownload(actor, { kind: 'data', shops: shops.length, images: 0, bytes }),
        );
      } catch (error) {
        this.logger.error(`Data backup failed: ${(error as Error).message}`);
        response.destroy(error as Error);
      }
    });
  }
}
