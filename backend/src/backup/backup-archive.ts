import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { OBJECTS_PATH_PREFIX } from 'contract';
import type { DataSource } from 'typeorm';
import { ZipFile } from 'yazl';
import type { ActivityService } from '../activity/activity.service.js';
import type { ShopDto } from '../shops/dto/shop.dto.js';
import { inDirectoryOrder } from '../shops/directory-order.js';
import { objectKeyOf } from '../shops/shop.rules.js';
import { readShopsIn } from '../shops/shops.service.js';
import { pendingRequestsForBackup, quarantinedPathsOf, type BackedUpRequest } from './request-backup.js';
import { periodsForBackup, type BackedUpPeriod } from './verification-backup.js';
import {
  ACTIVITY_NAME,
  FORMAT_VERSION,
  imageEntryName,
  MANIFEST_NAME,
  PRODUCT,
  prettyJsonChunks,
  REQUESTS_NAME,
  SHOPS_NAME,
  type JsonObjectMembers,
  type Manifest,
  type ManifestFile,
} from './backup-format.js';
import type { BackupWorkerContext } from './backup-worker-context.js';
import { HashingStream } from './hashing-streams.js';
import { ManifestFiles } from './manifest-files.js';
import { addStreamEntry } from './zip-entry-hand-over.js';

/* Writing the two backups, in the backup worker (backup.worker.ts), on its own connection and store. */

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
export function referencedKeys(shops: readonly ShopDto[]): string[] {
  const keys = shops.flatMap((shop) => [objectKeyOf(shop.logo), objectKeyOf(shop.mapImageUrl)]);
  return [...new Set(keys.filter((key) => key !== null))];
}

/** A shop as a backup holds it: its fields and its verification's history (format 8). */
type BackedUpShop = ShopDto & { verificationPeriods: BackedUpPeriod[] };

/** No transaction: the worker's tasks share one SQLite connection, and other tasks' writes would join it. */
async function backedUpRows(
  dataSource: DataSource,
): Promise<{ shops: BackedUpShop[]; requests: BackedUpRequest[] }> {
  const periods = await periodsForBackup(dataSource);
  const shops = inDirectoryOrder(await readShopsIn(dataSource.manager)).map((shop) => ({
    ...shop,
    verificationPeriods: periods.get(shop.id) ?? [],
  }));
  return { shops, requests: await pendingRequestsForBackup(dataSource) };
}

/** Writes the complete backup into `output`, one image at a time (hashed as it passes), the manifest last. */
export async function writeArchive(
  { dataSource, storage, activity }: BackupWorkerContext,
  output: Writable,
  // A stored backup's manifest carries the moment its name carries: the list and preview agree.
  createdAt = new Date(),
): Promise<FullBackupWritten> {
  const { shops, requests } = await backedUpRows(dataSource);
  const files = new ManifestFiles();
  const missingImages: string[] = [];

  // yazl rather than archiver: archiver queues the whole central directory at once, in small buffers.
  const zip = new ZipFile();
  const failed = new Promise<never>((_, reject) => {
    zip.once('error', reject);
    output.once('error', reject);
    output.once('close', () => {
      if (!output.writableFinished) reject(new Error('The output closed before the backup was complete'));
    });
  });
  failed.catch(() => undefined);
  // The archive's size, counted as it goes to `output` (the pipe keeps the backpressure).
  let bytes = 0;
  zip.outputStream.on('data', (chunk: Buffer) => (bytes += chunk.length));
  zip.outputStream.pipe(output);
  const mtime = new Date();
  let reading: Readable | undefined;
  /** Adds one entry streamed from `source`, hashed; resolves once all of it is in (one entry open at a time). */
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
    const addDocument = async (name: string, chunks: Iterable<Buffer> | AsyncIterable<Buffer>) =>
      files.addDocument(name, await addHashed(Readable.from(chunks, { objectMode: false }), name, true));
    await addDocument(SHOPS_NAME, prettyJsonChunks(shops));
    const activityCount = { entries: 0 };
    await addDocument(ACTIVITY_NAME, activityJson(activity, activityCount));
    await addDocument(REQUESTS_NAME, prettyJsonChunks(requests));
    /** Adds each stored object of `keys` (one open at a time); `missing` gets the paths of the others. */
    const addObjects = async (keys: Iterable<string>, missing: string[]): Promise<number> => {
      let added = 0;
      for (const key of keys) {
        const object = await storage.get(key);
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
      createdAt: createdAt.toISOString(),
      counts: {
        shops: shops.length,
        images,
        activity: activityCount.entries,
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
      bytes,
      missingImages: missingImages.length,
      activity: activityCount.entries,
    };
  } catch (error) {
    // Nothing stays open: the entry being read (its file) and the archive's stream.
    reading?.destroy();
    (zip.outputStream as Readable).destroy(error as Error);
    throw error;
  }
}

/** The activity log as a JSON array, a chunk of entries at a time; `count` holds the entries written. */
async function* activityJson(activity: ActivityService, count: { entries: number }): AsyncGenerator<Buffer> {
  yield Buffer.from('[');
  for await (const chunk of activity.allEntries()) {
    const lines = chunk.map((entry) => JSON.stringify(entry)).join(',\n');
    yield Buffer.from(`${count.entries ? ',' : ''}\n${lines}`);
    count.entries += chunk.length;
  }
  yield Buffer.from(count.entries ? '\n]\n' : ']\n');
}

/** Writes the data-only backup (the format's head, the shops and the requests) into `output`; answers how many shops. */
export async function writeDataBackup(
  { dataSource }: BackupWorkerContext,
  output: Writable,
): Promise<number> {
  const { shops, requests } = await backedUpRows(dataSource);
  const head = { product: PRODUCT, formatVersion: FORMAT_VERSION, createdAt: new Date().toISOString() };
  const document = Readable.from(prettyJsonChunks({ ...head, shops, requests }), { objectMode: false });
  await finished(document.pipe(output));
  return shops.length;
}
