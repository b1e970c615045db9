import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { OBJECTS_PATH_PREFIX, sameShopFields } from 'contract';
import { randomUUID } from 'node:crypto';
import { DataSource, In } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import { ActivityService } from '../activity/activity.service.js';
import { ApiError } from '../common/api-error.js';
import { releaseWholeBuffers } from '../common/released-buffers.js';
import { TimeSlices } from '../common/event-loop-turns.js';
import type { AppConfig } from '../config/app.config.js';
import { APP_CONFIG } from '../config/config.token.js';
import { JobLockService } from '../database/job-lock.service.js';
import { EVERY_MINUTE, JobScheduler } from '../database/job-scheduler.js';
import { AppMetrics } from '../observability/metrics.js';
import { PendingObject } from '../database/pending-object.entity.js';
import { TransactionRunner } from '../database/transaction-runner.js';
import { ShopWriter } from '../shops/shop-writer.js';
import { objectKeyOf } from '../shops/shop.rules.js';
import { ShopsService } from '../shops/shops.service.js';
import { sniffImageType } from '../uploads/image-check.js';
import { ObjectStorage } from '../uploads/object-storage.js';
import type { Manifest } from './backup-format.js';
import type { ShopDto } from '../shops/dto/shop.dto.js';
import type { RestorePreviewDto, RestoreResultDto } from './dto/backup.dto.js';
import {
  asDate,
  checkedImage,
  readBackup,
  usedImages,
  usedQuarantined,
  type BackupFile,
  type ReadBackup,
  type RestorePlan,
  type RestoredShop,
  type RestoreSource,
} from './backup-reader.js';
import { UnattachedObject } from '../database/unattached-object.entity.js';
import {
  quarantinedPathsOf,
  requestsNotHere,
  restorePendingRequests,
  withImagePaths,
} from './request-backup.js';
import type { VisitorRequest } from '../visitor-requests/visitor-request.entity.js';

export type { BackupFile, RestoreSource } from './backup-reader.js';

/** What a restore's transaction writes, once its images are stored. */
interface ShopsToWrite {
  shops: RestoredShop[];
  newPaths: Map<string, string>; // each image's path in the backup → its path here
  quarantined: string[]; // the new paths of the quarantined images put back with requests
  requests: VisitorRequest[];
  unchanged: number;
  images: number;
  formatVersion: number;
  backupCreatedAt: string | null;
}

export const RESTORE_LOCK = 'restore';

function restoreInProgress(): ApiError {
  return new ApiError(
    409,
    'RESTORE_IN_PROGRESS',
    'Another restore is running. Please wait for it to finish.',
  );
}
/**
 * Restores a backup ZIP so that it either all happens or nothing does: the archive and every
 * shop are checked first; images (and the quarantined images of the pending listing requests it
 * puts back, in quarantine) are stored under new keys, journalled as pending; then one
 * transaction writes every shop (insert, or replace in place by id) and clears the journal.
 * On failure the new images are deleted; after a crash, start-up deletes what the journal
 * still lists.
 */
@Injectable()
export class RestoreService implements OnApplicationBootstrap {
  private readonly logger = new Logger('RestoreService');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly shops: ShopsService,
    private readonly writer: ShopWriter,
    private readonly storage: ObjectStorage,
    private readonly locks: JobLockService,
    private readonly metrics: AppMetrics,
    private readonly activity: ActivityService,
    private readonly jobs: JobScheduler,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Cleans up after an interrupted restore at start-up, and every minute after, which also
   * covers a restore that died on another instance (its lock expires by heartbeat).
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.removeOrphans();
    this.jobs.schedule('restore-orphans', EVERY_MINUTE, () => this.removeOrphans());
  }

  /** Deletes images journalled by a restore that is no longer running. */
  async removeOrphans(): Promise<void> {
    if (await this.locks.isHeld(RESTORE_LOCK)) return;
    const pending = await this.dataSource.getRepository(PendingObject).find();
    if (!pending.length) return;
    await this.discard(pending.map((row) => row.key));
    this.logger.warn(`Deleted ${pending.length} image(s) left by an interrupted restore`);
  }

  /**
   * Restores a backup file; `actor` is who asked and `source` which file (an upload's name or a
   * stored backup's): the restore is logged with both and its counts, in its own transaction.
   */
  restore(file: BackupFile, actor: ActivityActor, source: RestoreSource): Promise<RestoreResultDto> {
    return this.metrics.observeJob('restore', () =>
      this.locks.run(RESTORE_LOCK, restoreInProgress, () => this.restoreLocked(file, actor, source)),
    );
  }

  /**
   * What `restore` would do with this file, changing nothing: the same checks (every image it
   * would store is read and checked too) and the same plan. A file that fails a check is
   * answered, not refused: the preview lists the problem.
   */
  async preview(file: BackupFile): Promise<RestorePreviewDto> {
    const seen: { manifest?: Manifest } = {};
    const about = () => ({
      createdAt: asDate(seen.manifest?.createdAt) ?? null,
      formatVersion: seen.manifest?.formatVersion ?? null,
      missingImages: seen.manifest?.missingImages?.length ?? 0,
    });
    try {
      const backup = await readBackup(file, this.config.restoreMaxShops, seen);
      let plan: RestorePlan;
      try {
        plan = await this.plan(backup);
        for (const entryName of [...usedImages(backup).values(), ...usedQuarantined(backup).values()])
          releaseWholeBuffers([await checkedImage(backup, entryName)]);
      } finally {
        backup.zip.close();
      }
      return {
        restorable: true,
        problems: [],
        ...about(),
        shops: backup.shops.length,
        created: plan.created.length,
        replaced: plan.replaced.length,
        unchanged: plan.unchanged,
        images: plan.images.size,
      };
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'BACKUP_REJECTED') throw error;
      return {
        restorable: false,
        problems: [{ code: error.code, message: error.message }],
        ...about(),
        shops: 0,
        created: 0,
        replaced: 0,
        unchanged: 0,
        images: 0,
      };
    }
  }

  /**
   * Which shops are created, which replace the shop with their id, and which are left alone
   * because this directory already has them exactly so (their images included); and the
   * images to store: those the written shops use.
   */
  private async plan({ shops, imagesByPath }: ReadBackup): Promise<RestorePlan> {
    const current = new Map((await this.shops.readShops()).map((shop) => [shop.id, shop]));
    const created: RestoredShop[] = [];
    const replaced: RestoredShop[] = [];
    let unchanged = 0;
    const slices = new TimeSlices();
    for (const shop of shops) {
      await slices.turn();
      const before = current.get(shop.id);
      if (!before) created.push(shop);
      else if (await this.isUnchanged(before, shop)) unchanged++;
      else replaced.push(shop);
    }
    const used = new Set(
      [...created, ...replaced].flatMap((shop) => [shop.fields.logo, shop.fields.mapImageUrl]),
    );
    const images = new Map([...imagesByPath].filter(([path]) => used.has(path)));
    return { created, replaced, unchanged, images };
  }

  /** Same fields, categories in the same order, slug, and image paths whose objects are still stored. */
  private async isUnchanged(before: ShopDto, shop: RestoredShop): Promise<boolean> {
    const { fields } = shop;
    const same =
      sameShopFields({ ...before }, { ...fields }) && (shop.slug === undefined || shop.slug === before.slug);
    if (!same) return false;
    for (const path of [fields.logo, fields.mapImageUrl]) {
      const key = objectKeyOf(path);
      if (key && !(await this.storage.stat(key))) return false;
    }
    return true;
  }

  private async restoreLocked(
    file: BackupFile,
    actor: ActivityActor,
    source: RestoreSource,
  ): Promise<RestoreResultDto> {
    const stored: string[] = [];
    try {
      const restoring = await this.storeImages(file, stored);
      const { unchanged, images } = restoring;
      const { created, updated, replacedImages } = await this.writeShops(restoring, stored, {
        actor,
        source,
      });
      await this.writer.releaseImages(replacedImages);
      const message = `Backup restored: ${created} shop(s) created, ${updated} replaced, ${unchanged} unchanged, ${images} image(s).`;
      return { message, created, updated, unchanged, images };
    } catch (error) {
      await this.discard(stored);
      throw error;
    }
  }

  /**
   * Reads and plans the backup and stores the images the written shops use (their keys go into
   * `stored` as they are journalled). Returns only what the transaction needs: the backup's
   * manifest, its maps of 20,000 images and the archive's directory go with this function's
   * scope, before the transaction's writes and history are added to the heap.
   */
  private async storeImages(file: BackupFile, stored: string[]): Promise<ShopsToWrite> {
    const backup = await readBackup(file, this.config.restoreMaxShops);
    try {
      const plan = await this.plan(backup);
      // Every image a shop uses is checked, stored or not: a damaged backup is refused whole.
      const newPaths = await this.storeChecked(
        backup,
        usedImages(backup),
        (path) => plan.images.has(path),
        'uploads',
        stored,
      );
      const images = stored.length;
      const quarantinePaths = await this.storeQuarantined(backup, stored);
      return {
        shops: [...plan.created, ...plan.replaced],
        newPaths,
        quarantined: [...quarantinePaths.values()],
        requests: backup.requests.map((request) => withImagePaths(request, quarantinePaths)),
        unchanged: plan.unchanged,
        images,
        formatVersion: backup.manifest.formatVersion,
        backupCreatedAt: typeof backup.manifest.createdAt === 'string' ? backup.manifest.createdAt : null,
      };
    } finally {
      backup.zip.close();
    }
  }

  /**
   * The quarantined images the backup's pending listing requests name, checked; those of the
   * requests this restore puts back are stored in quarantine again, never in `uploads/`.
   */
  private async storeQuarantined(backup: ReadBackup, stored: string[]): Promise<Map<string, string>> {
    const restoring = new Set(
      (await requestsNotHere(this.dataSource.manager, backup.requests)).flatMap((request) =>
        quarantinedPathsOf(request),
      ),
    );
    return this.storeChecked(
      backup,
      usedQuarantined(backup),
      (path) => restoring.has(path),
      'quarantine',
      stored,
    );
  }

  /**
   * Checks each image entry of `entries` (path → entry name; a damaged one refuses the backup
   * whole) and stores those `wanted` in `folder` under new keys, journalled as pending with
   * `stored`. Each image's bytes are given back once done with: 20,000 images of 200 KB, each
   * its own mapping until V8 collected it. Returns each stored image's path in the backup → its
   * new path.
   */
  private async storeChecked(
    backup: ReadBackup,
    entries: Map<string, string>,
    wanted: (path: string) => boolean,
    folder: 'uploads' | 'quarantine',
    stored: string[],
  ): Promise<Map<string, string>> {
    const newPaths = new Map<string, string>();
    for (const [path, entryName] of entries) {
      const bytes = await checkedImage(backup, entryName);
      if (wanted(path)) {
        const key = `${folder}/${randomUUID()}`;
        await this.dataSource.getRepository(PendingObject).insert({ key, createdAt: Date.now() });
        stored.push(key);
        await this.storage.put(key, bytes, sniffImageType(bytes)!);
        newPaths.set(path, `${OBJECTS_PATH_PREFIX}${key}`);
      }
      releaseWholeBuffers([bytes]);
    }
    return newPaths;
  }

  /**
   * One transaction: each shop is inserted, or replaced in place when its id exists (so the
   * same backup restored twice creates no duplicates), and the pending-image journal is
   * cleared with it. Each shop keeps the slug it had (in the backup, else here) while that
   * fits its name and city and is free, else gets a new one; a replaced shop's previous slug
   * keeps redirecting. The restore's log entry is written in the same transaction. Returns the
   * counts and the image references the replaced shops had.
   */
  private async writeShops(
    {
      shops,
      newPaths,
      quarantined,
      requests,
      unchanged,
      images,
      formatVersion,
      backupCreatedAt,
    }: ShopsToWrite,
    stored: string[],
    log: { actor: ActivityActor; source: RestoreSource },
  ): Promise<{ created: number; updated: number; replacedImages: readonly string[] }> {
    return this.transactions.run(async (manager) => {
      const existing = new Map(
        (
          await this.writer.read(
            manager,
            shops.map((shop) => shop.id),
          )
        ).map((stored) => [stored.shop.id, stored]),
      );
      const writes = await this.writer.open(
        manager,
        log.actor,
        { via: 'restore', ...log.source },
        { slugs: 'all' },
      );
      for (const [index, shop] of shops.entries()) {
        if (index > 0) await this.transactions.turn();
        const values = {
          ...shop.fields,
          logo: newPaths.get(shop.fields.logo) ?? shop.fields.logo,
          mapImageUrl: newPaths.get(shop.fields.mapImageUrl) ?? shop.fields.mapImageUrl,
        };
        const kept = { id: shop.id, slug: shop.slug, createdAt: shop.createdAt, updatedAt: shop.updatedAt };
        // Replaced in place, not deleted and inserted: its old slugs stay and keep redirecting.
        const before = existing.get(shop.id);
        if (before) await writes.update(before, values, kept);
        else await writes.create(values, kept);
      }
      if (stored.length) await manager.delete(PendingObject, { key: In(stored) });
      // Like a visitor's upload: the sweep keeps it while a pending request names it.
      const since = Date.now();
      const marks = quarantined.map((path) => ({
        key: path.slice(OBJECTS_PATH_PREFIX.length),
        since,
      }));
      if (marks.length) await manager.insert(UnattachedObject, marks);
      const restoredRequests = await restorePendingRequests(manager, requests);
      const created = shops.length - existing.size;
      await writes.finish({
        kind: 'backup.restored',
        actor: log.actor,
        details: {
          ...log.source,
          created,
          updated: existing.size,
          unchanged,
          images,
          ...(restoredRequests ? { requests: restoredRequests } : {}),
          formatVersion,
          backupCreatedAt,
        },
      });
      return { created, updated: existing.size, replacedImages: writes.releasedImages };
    });
  }

  /** Deletes images stored by a restore that did not complete, and their journal rows. */
  private async discard(keys: string[]): Promise<void> {
    for (const key of keys) {
      await this.storage
        .delete(key)
        .catch((error: Error) => this.logger.error(`Could not delete ${key}: ${error.message}`));
    }
    if (keys.length) await this.dataSource.getRepository(PendingObject).delete({ key: In(keys) });
  }
}
