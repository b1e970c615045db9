import { Logger } from '@nestjs/common';
import { OBJECTS_PATH_PREFIX, sameShopFields } from 'contract';
import { randomUUID } from 'node:crypto';
import { In, type DataSource } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import { ApiError } from '../common/api-error.js';
import { PendingObject, UnattachedObject } from '../database/database.entity.js';
import type { ShopDto } from '../shops/dto/shop.dto.js';
import { objectKeyOf } from '../shops/shop.rules.js';
import { readShopsIn } from '../shops/shops.service.js';
import { readStoredShops } from '../shops/stored-shops.js';
import { sniffImageType } from '../uploads/image-check.js';
import type { ObjectStorage } from '../uploads/object-storage.js';
import {
  quarantinedPathsOf,
  requestsNotHere,
  restorePendingRequests,
  withImagePaths,
} from './request-backup.js';
import type { Manifest } from './backup-format.js';
import {
  asDate,
  checkedImage,
  readBackup,
  usedImages,
  usedQuarantined,
  type BackupFile,
  type ReadBackup,
  type RestoredShop,
  type RestorePlan,
  type RestoreSource,
} from './backup-reader.js';
import type { BackupWorkerContext } from './backup-worker-context.js';
import { periodsForBackup, type BackedUpPeriod } from './verification-backup.js';
import type { RestorePreviewDto, RestoreResultDto } from './dto/backup.dto.js';

// A restore in the backup worker: check, plan, then write images under new keys journalled as pending and
// every shop in one transaction. All or nothing: a failure deletes the new images; after a crash
// RestoreService deletes what the journal lists. A preview checks and plans, writing nothing.

const logger = new Logger('RestoreService');

/** What `restore` would do with this file, changing nothing; a file that fails a check is answered, not refused. */
export async function previewRestore(
  context: BackupWorkerContext,
  file: BackupFile,
  maxShops: number,
): Promise<RestorePreviewDto> {
  const seen: { manifest?: Manifest } = {};
  const about = () => ({
    createdAt: asDate(seen.manifest?.createdAt) ?? null,
    formatVersion: seen.manifest?.formatVersion ?? null,
    missingImages: seen.manifest?.missingImages?.length ?? 0,
  });
  try {
    const backup = await readBackup(file, maxShops, seen);
    try {
      const plan = await planRestore(context, backup);
      // Every image the restore would read is checked now, as the restore checks it.
      for (const entryName of [...usedImages(backup).values(), ...usedQuarantined(backup).values()])
        await checkedImage(backup, entryName);
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
    } finally {
      backup.zip.close();
    }
  } catch (error) {
    // A refusal of the file (zip-reader's `refuse`) is answered; anything else is thrown.
    if (!(error instanceof ApiError && error.code === 'BACKUP_REJECTED')) throw error;
    const problems = [{ code: error.code, message: error.message }];
    const counts = { shops: 0, created: 0, replaced: 0, unchanged: 0, images: 0 };
    return { restorable: false, problems, ...about(), ...counts };
  }
}

/** Restores a backup file, logged with `actor`, `source` and its counts in its transaction. */
export async function restoreBackup(
  context: BackupWorkerContext,
  file: BackupFile,
  maxShops: number,
  log: { actor: ActivityActor; source: RestoreSource },
): Promise<RestoreResultDto> {
  const stored: string[] = [];
  try {
    // 1. Check the file and plan; 2. store the images the written shops use, journalled.
    const backup = await readBackup(file, maxShops);
    let plan: RestorePlan;
    let paths: StoredPaths;
    try {
      plan = await planRestore(context, backup);
      paths = await storeImages(context, backup, plan, stored);
    } finally {
      backup.zip.close();
    }
    // 3. One transaction for every shop; 4. the images the replaced shops no longer use are released.
    const { created, updated, replacedImages } = await writeShops(context, backup, plan, paths, stored, log);
    await context.writer.releaseImages(replacedImages);
    const { unchanged } = plan;
    const images = paths.images.size;
    const message = `Backup restored: ${created} shop(s) created, ${updated} replaced, ${unchanged} unchanged, ${images} image(s).`;
    return { message, created, updated, unchanged, images };
  } catch (error) {
    await discardStored(context, stored);
    throw error;
  }
}

/** Which shops are created, replaced, or left alone (here exactly so), and the images the written ones use. */
async function planRestore(
  { dataSource, storage }: BackupWorkerContext,
  { shops, imagesByPath }: ReadBackup,
): Promise<RestorePlan> {
  const current = new Map((await readShopsIn(dataSource.manager)).map((shop) => [shop.id, shop]));
  const periods = await periodsForBackup(dataSource);
  const created: RestoredShop[] = [];
  const replaced: RestoredShop[] = [];
  let unchanged = 0;
  for (const shop of shops) {
    const before = current.get(shop.id);
    if (!before) created.push(shop);
    else if (samePeriods(periods.get(shop.id), shop) && (await isUnchanged(storage, before, shop)))
      unchanged++;
    else replaced.push(shop);
  }
  const images = usedImages({ shops: [...created, ...replaced], imagesByPath });
  return { created, replaced, unchanged, images };
}

/** Same fields, categories in the same order, slug, and image paths whose objects are still stored. */
async function isUnchanged(storage: ObjectStorage, before: ShopDto, shop: RestoredShop): Promise<boolean> {
  const { fields } = shop;
  const same =
    sameShopFields({ ...before }, { ...fields }) && (shop.slug === undefined || shop.slug === before.slug);
  if (!same) return false;
  for (const path of [fields.logo, fields.mapImageUrl]) {
    const key = objectKeyOf(path);
    if (key && !(await storage.stat(key))) return false;
  }
  return true;
}

/** Does the shop here have the verification history its backup has (an older backup has none to compare)? */
function samePeriods(here: BackedUpPeriod[] = [], { verificationPeriods }: RestoredShop): boolean {
  if (!verificationPeriods) return true;
  return (
    here.length === verificationPeriods.length &&
    verificationPeriods.every((period, index) => {
      const stored = here[index];
      return (
        Date.parse(stored.recordedAt) === period.recordedAt &&
        PERIOD_KEYS.every((key) => stored[key] === period[key])
      );
    })
  );
}

const PERIOD_KEYS = [
  'certificateNumber',
  'verifiedOn',
  'validUntil',
  'note',
  'verifiedBy',
  'verifiedByName',
] as const;

/** Each stored image's path in the backup → its path here: the shops' images, the requests' quarantined ones. */
type StoredPaths = { images: Map<string, string>; quarantined: Map<string, string> };

/**
 * Stores the images the written shops use and the quarantined ones of the requests put back (in
 * quarantine again); every used image is checked, stored or not. Keys go into `stored` as journalled.
 */
async function storeImages(
  context: BackupWorkerContext,
  backup: ReadBackup,
  plan: RestorePlan,
  stored: string[],
): Promise<StoredPaths> {
  const store = (entries: Map<string, string>, wanted: Set<string>, folder: 'uploads' | 'quarantine') =>
    storeChecked(context, backup, entries, wanted, folder, stored);
  const images = await store(usedImages(backup), new Set(plan.images.keys()), 'uploads');
  const restoring = await requestsNotHere(context.dataSource.manager, backup.requests);
  const quarantined = await store(
    usedQuarantined(backup),
    new Set(restoring.flatMap((request) => quarantinedPathsOf(request))),
    'quarantine',
  );
  return { images, quarantined };
}

/** Checks each of `entries` (path → entry) and stores those `wanted` in `folder` under new keys; answers old → new path. */
async function storeChecked(
  { dataSource, storage }: BackupWorkerContext,
  backup: ReadBackup,
  entries: Map<string, string>,
  wanted: Set<string>,
  folder: 'uploads' | 'quarantine',
  stored: string[],
): Promise<Map<string, string>> {
  const newPaths = new Map<string, string>();
  for (const [path, entryName] of entries) {
    const bytes = await checkedImage(backup, entryName);
    if (!wanted.has(path)) continue;
    const key = `${folder}/${randomUUID()}`;
    await dataSource.getRepository(PendingObject).insert({ key, createdAt: Date.now() });
    stored.push(key);
    await storage.put(key, bytes, sniffImageType(bytes)!);
    newPaths.set(path, `${OBJECTS_PATH_PREFIX}${key}`);
  }
  return newPaths;
}

/**
 * One transaction with the journal's clearing and the log entry: a shop is inserted, or replaced in place
 * when its id exists (a backup restored twice makes no duplicates). A shop keeps its slug (the backup's,
 * else here) while it fits and is free; a replaced shop's old slug keeps redirecting.
 */
async function writeShops(
  { transactions, writer }: BackupWorkerContext,
  { manifest, requests }: ReadBackup,
  plan: RestorePlan,
  paths: StoredPaths,
  stored: string[],
  log: { actor: ActivityActor; source: RestoreSource },
): Promise<{ created: number; updated: number; replacedImages: readonly string[] }> {
  const shops = [...plan.created, ...plan.replaced];
  const newPaths = paths.images;
  return transactions.run(async (manager) => {
    const ids = shops.map((shop) => shop.id);
    const rows = await readStoredShops(manager, ids);
    const existing = new Map(rows.map((row) => [row.shop.id, row]));
    const writes = await writer.open(manager, log.actor, { via: 'restore', ...log.source }, { slugs: 'all' });
    for (const { fields, ...kept } of shops) {
      const values = {
        ...fields,
        logo: newPaths.get(fields.logo) ?? fields.logo,
        mapImageUrl: newPaths.get(fields.mapImageUrl) ?? fields.mapImageUrl,
      };
      // Replaced in place, not deleted and inserted: its old slugs stay and keep redirecting.
      const before = existing.get(kept.id);
      if (before) await writes.update(before, values, kept);
      else await writes.create(values, kept);
    }
    if (stored.length) await manager.delete(PendingObject, { key: In(stored) });
    // Like a visitor's upload: the sweep keeps it while a pending request names it.
    const since = Date.now();
    const marks = [...paths.quarantined.values()].map((path) => ({
      key: path.slice(OBJECTS_PATH_PREFIX.length),
      since,
    }));
    if (marks.length) await manager.insert(UnattachedObject, marks);
    const restoredRequests = await restorePendingRequests(
      manager,
      requests.map((request) => withImagePaths(request, paths.quarantined)),
    );
    const created = shops.length - existing.size;
    await writes.finish({
      kind: 'backup.restored',
      actor: log.actor,
      details: {
        ...log.source,
        created,
        updated: existing.size,
        unchanged: plan.unchanged,
        images: newPaths.size,
        ...(restoredRequests ? { requests: restoredRequests } : {}),
        formatVersion: manifest.formatVersion,
        backupCreatedAt: typeof manifest.createdAt === 'string' ? manifest.createdAt : null,
      },
    });
    return { created, updated: existing.size, replacedImages: writes.releasedImages };
  });
}

/** Deletes images stored by a restore that did not complete, and their journal rows. */
export async function discardStored(
  { dataSource, storage }: { dataSource: DataSource; storage: ObjectStorage },
  keys: string[],
): Promise<void> {
  for (const key of keys) {
    await storage
      .delete(key)
      .catch((error: Error) => logger.error(`Could not delete ${key}: ${error.message}`));
  }
  if (keys.length) await dataSource.getRepository(PendingObject).delete({ key: In(keys) });
}
