import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { checkShop, OBJECTS_PATH_PREFIX, sameShopFields } from 'contract';
import { createHash, randomUUID } from 'node:crypto';
import { DataSource, In } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import { ActivityService } from '../activity/activity.service.js';
import { ApiError } from '../common/api-error.js';
import { JobLockService } from '../database/job-lock.service.js';
import { AppMetrics } from '../observability/metrics.js';
import { PendingObject } from '../database/pending-object.entity.js';
import { TransactionRunner } from '../database/transaction-runner.js';
import { ShopWriter, type ShopValues } from '../shops/shop-writer.js';
import { objectKeyOf } from '../shops/shop.rules.js';
import { ShopsService } from '../shops/shops.service.js';
import { imageProblem, sniffImageType } from '../uploads/image-check.js';
import { ObjectStorage } from '../uploads/object-storage.js';
import {
  IMAGE_NAME,
  MANIFEST_NAME,
  PRODUCT,
  SHOPS_NAME,
  SUPPORTED_FORMAT_VERSIONS,
  type Manifest,
} from './backup-format.js';
import type { ShopDto } from '../shops/dto/shop.dto.js';
import type { RestorePreviewDto, RestoreResultDto } from './dto/backup.dto.js';
import { BackupZip, refuse } from './zip-reader.js';

export const RESTORE_LOCK = 'restore';

function restoreInProgress(): ApiError {
  return new ApiError(
    409,
    'RESTORE_IN_PROGRESS',
    'Another restore is running. Please wait for it to finish.',
  );
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A shop from a backup, validated by the shop schema's rules, with the slug and dates it had. */
interface RestoredShop {
  id: string;
  fields: ShopValues;
  /** Kept when it still fits the name and city and no other shop has it (format 3 on). */
  slug?: string;
  createdAt?: Date;
  updatedAt?: Date;
}

/** A backup ZIP on disk (an upload, or a stored backup's temporary copy). */
export interface BackupFile {
  path: string;
  size: number;
}

/** Which file a restore read, as its log entry names it: an uploaded file's name or a stored backup's. */
export type RestoreSource = { upload: string } | { storedBackup: string };

/** A backup that passed every check but the images' own (those are read when stored). */
interface ReadBackup {
  zip: BackupZip;
  manifest: Manifest;
  shops: RestoredShop[];
  /** Image path used by the backup's shops → the archive entry holding its bytes. */
  imagesByPath: Map<string, string>;
}

interface RestorePlan {
  created: RestoredShop[];
  replaced: RestoredShop[];
  unchanged: number;
  /** The images to store (path in the backup → archive entry): those the written shops use. */
  images: Map<string, string>;
}

/** The image entries the backup's shops use (path → archive entry); the others are ignored. */
function usedImages({ shops, imagesByPath }: ReadBackup): Map<string, string> {
  const used = new Set(shops.flatMap((shop) => [shop.fields.logo, shop.fields.mapImageUrl]));
  return new Map([...imagesByPath].filter(([path]) => used.has(path)));
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function asDate(value: unknown): Date | undefined {
  const date = typeof value === 'string' ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

/**
 * Restores a backup ZIP so that it either all happens or nothing does: the archive and every
 * shop are checked first; images are stored under new keys, journalled as pending; then one
 * transaction writes every shop (insert, or replace in place by id) and clears the journal.
 * On failure the new images are deleted; after a crash, start-up deletes what the journal
 * still lists.
 */
@Injectable()
export class RestoreService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('RestoreService');
  private sweeper?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly shops: ShopsService,
    private readonly writer: ShopWriter,
    private readonly storage: ObjectStorage,
    private readonly locks: JobLockService,
    private readonly metrics: AppMetrics,
    private readonly activity: ActivityService,
  ) {}

  /**
   * Cleans up after an interrupted restore at start-up, and every minute after, which also
   * covers a restore that died on another instance (its lock expires by heartbeat).
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.removeOrphans();
    this.sweeper = setInterval(() => {
      this.removeOrphans().catch((error: Error) =>
        this.logger.warn(`Orphan clean-up failed: ${error.message}`),
      );
    }, 60_000);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
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
      const backup = await this.readBackup(file, seen);
      const plan = await this.plan(backup);
      for (const entryName of usedImages(backup).values()) await this.checkedImage(backup, entryName);
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

  /** Opens the ZIP and makes every check that needs no image bytes; `seen` gets the manifest once read. */
  private async readBackup(file: BackupFile, seen: { manifest?: Manifest } = {}): Promise<ReadBackup> {
    const zip = await BackupZip.open(file.path, file.size);
    const manifest = this.checkManifest(await zip.readJson(MANIFEST_NAME));
    seen.manifest = manifest;
    const shopsBytes = await zip.read(SHOPS_NAME);
    const expected = manifest.files?.[SHOPS_NAME]?.sha256;
    if (expected && expected !== sha256(shopsBytes)) throw refuse('shops.json does not match its checksum');
    let rawShops: unknown;
    try {
      rawShops = JSON.parse(shopsBytes.toString('utf8'));
    } catch {
      throw refuse('shops.json is not valid JSON');
    }
    const shops = await this.checkShops(rawShops);
    const imagesByPath = this.imageEntries(zip, manifest);
    const missing = new Set(manifest.missingImages ?? []);
    for (const [index, shop] of shops.entries()) {
      for (const [field, label] of [
        ['logo', 'logo'],
        ['mapImageUrl', 'map image'],
      ] as const) {
        const path = shop.fields[field];
        if (objectKeyOf(path) && !imagesByPath.has(path) && !missing.has(path)) {
          throw refuse(
            `shop ${index + 1} ("${shop.fields.name}"): its ${label} ${path} is not in the backup`,
          );
        }
      }
    }
    return { zip, manifest, shops, imagesByPath };
  }

  /**
   * Which shops are created, which replace the shop with their id, and which are left alone
   * because this directory already has them exactly so (their images included); and the
   * images to store: those the written shops use.
   */
  private async plan({ shops, imagesByPath }: ReadBackup): Promise<RestorePlan> {
    const current = new Map((await this.shops.listShops()).map((shop) => [shop.id, shop]));
    const created: RestoredShop[] = [];
    const replaced: RestoredShop[] = [];
    let unchanged = 0;
    for (const shop of shops) {
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

  /** An image entry's bytes once they match their checksum and are an acceptable image. */
  private async checkedImage({ zip, manifest }: ReadBackup, entryName: string): Promise<Buffer> {
    const bytes = await zip.read(entryName);
    const checksum = manifest.files?.[entryName]?.sha256;
    if (checksum && checksum !== sha256(bytes)) throw refuse(`${entryName} does not match its checksum`);
    const problem = imageProblem(bytes);
    if (problem) throw refuse(`${entryName}: ${problem}`);
    return bytes;
  }

  private async restoreLocked(
    file: BackupFile,
    actor: ActivityActor,
    source: RestoreSource,
  ): Promise<RestoreResultDto> {
    const backup = await this.readBackup(file);
    const plan = await this.plan(backup);
    const stored: string[] = [];
    try {
      const newPaths = new Map<string, string>();
      // Every image a shop uses is checked, stored or not: a damaged backup is refused whole.
      for (const [path, entryName] of usedImages(backup)) {
        const bytes = await this.checkedImage(backup, entryName);
        if (!plan.images.has(path)) continue;
        const key = `uploads/${randomUUID()}`;
        await this.dataSource.getRepository(PendingObject).insert({ key, createdAt: Date.now() });
        stored.push(key);
        await this.storage.put(key, bytes, sniffImageType(bytes)!);
        newPaths.set(path, `${OBJECTS_PATH_PREFIX}${key}`);
      }
      const { unchanged } = plan;
      const { created, updated, replacedImages } = await this.writeShops(
        [...plan.created, ...plan.replaced],
        newPaths,
        stored,
        {
          actor,
          source,
          unchanged,
          formatVersion: backup.manifest.formatVersion,
          backupCreatedAt: typeof backup.manifest.createdAt === 'string' ? backup.manifest.createdAt : null,
        },
      );
      await this.writer.releaseImages(replacedImages);
      const message = `Backup restored: ${created} shop(s) created, ${updated} replaced, ${unchanged} unchanged, ${stored.length} image(s).`;
      return { message, created, updated, unchanged, images: stored.length };
    } catch (error) {
      await this.discard(stored);
      throw error;
    }
  }

  private checkManifest(value: unknown): Manifest {
    const manifest = value as Manifest;
    if (!manifest || typeof manifest !== 'object' || manifest.product !== PRODUCT) {
      throw refuse('it is not a backup of this directory (manifest.json is missing its product)');
    }
    if (!SUPPORTED_FORMAT_VERSIONS.includes(manifest.formatVersion)) {
      throw refuse(`its format version ${String(manifest.formatVersion)} is not supported`);
    }
    if (manifest.formatVersion >= 2 && (typeof manifest.files !== 'object' || manifest.files === null)) {
      throw refuse('manifest.json has no file list');
    }
    return manifest;
  }

  /** Every shop must pass the create endpoint's rules; the first failure names the shop and field. */
  private async checkShops(value: unknown): Promise<RestoredShop[]> {
    if (!Array.isArray(value)) throw refuse('shops.json is not a list of shops');
    const seen = new Set<string>();
    const shops: RestoredShop[] = [];
    for (const [index, raw] of value.entries()) {
      const where = `shop ${index + 1}`;
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw refuse(`${where} is not an object`);
      const record = raw as Record<string, unknown>;
      const label = typeof record.name === 'string' ? `${where} ("${record.name.slice(0, 60)}")` : where;
      if (typeof record.id !== 'string' || !UUID.test(record.id)) throw refuse(`${label}: id must be a UUID`);
      if (seen.has(record.id)) throw refuse(`${label}: id ${record.id} appears twice`);
      seen.add(record.id);
      // Fields the schema does not have (an older or newer format's) are left out.
      const { values, problems } = checkShop(record);
      if (problems.length) {
        const [first] = problems;
        throw refuse(`${label}, field ${first.field}: ${first.message}`);
      }
      shops.push({
        id: record.id,
        fields: values as unknown as ShopValues,
        slug: typeof record.slug === 'string' ? record.slug : undefined,
        createdAt: asDate(record.createdAt),
        updatedAt: asDate(record.updatedAt),
      });
    }
    return shops;
  }

  /** Image path used by the backup's shops → the archive entry holding its bytes. */
  private imageEntries(zip: BackupZip, manifest: Manifest): Map<string, string> {
    const byPath = new Map<string, string>();
    for (const name of zip.entries.keys()) {
      const match = IMAGE_NAME.exec(name);
      if (!match) continue;
      const path = manifest.files?.[name]?.path ?? `${OBJECTS_PATH_PREFIX}uploads/${match[1]}`;
      if (manifest.formatVersion >= 2 && !manifest.files?.[name])
        throw refuse(`${name} is not listed in the manifest`);
      byPath.set(path, name);
    }
    return byPath;
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
    shops: RestoredShop[],
    newPaths: Map<string, string>,
    storedKeys: string[],
    log: {
      actor: ActivityActor;
      source: RestoreSource;
      unchanged: number;
      formatVersion: number;
      backupCreatedAt: string | null;
    },
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
      for (const shop of shops) {
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
      if (storedKeys.length) await manager.delete(PendingObject, { key: In(storedKeys) });
      const created = shops.length - existing.size;
      await writes.finish({
        kind: 'backup.restored',
        actor: log.actor,
        details: {
          ...log.source,
          created,
          updated: existing.size,
          unchanged: log.unchanged,
          images: storedKeys.length,
          formatVersion: log.formatVersion,
          backupCreatedAt: log.backupCreatedAt,
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
