import { open } from 'node:fs/promises';
import unzipper from 'unzipper';
import { BACKUP_MAX_ENTRIES, BACKUP_MAX_MANIFEST_BYTES } from 'contract';
import { ApiError } from '../common/api-error.js';
import { parseJsonInTurns } from '../common/json-in-turns.js';
import {
  ACTIVITY_NAME,
  IMAGE_NAME,
  MANIFEST_NAME,
  QUARANTINE_NAME,
  REQUESTS_NAME,
  SHOPS_NAME,
} from './backup-format.js';

/** Limits that keep a hostile archive from costing time, memory or disk. */
export const ZIP_LIMITS = {
  maxEntries: BACKUP_MAX_ENTRIES,
  maxNameLength: 200,
  manifestBytes: BACKUP_MAX_MANIFEST_BYTES,
  shopsBytes: 100 * 1024 * 1024,
  imageBytes: 5 * 1024 * 1024,
  /** The activity log (format 4), never read by a restore; years of entries of a busy directory. */
  activityBytes: 1024 * 1024 * 1024,
  /** Declared uncompressed total may exceed the file size by this factor (plus 10 MB of slack). */
  maxExpansion: 20,
};

type Entry = unzipper.File;

/** A backup that fails a check: the code says so, the message (English, for the API) says which check. */
export function refuse(message: string): ApiError {
  return new ApiError(400, 'BACKUP_REJECTED', `The backup file cannot be restored: ${message}`);
}

/** True when the file starts like a ZIP archive (a local header, or an empty archive). */
export async function looksLikeZip(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.readUInt32LE(0) in { 0x04034b50: 1, 0x06054b50: 1 };
  } finally {
    await handle.close();
  }
}

/**
 * Opens a backup ZIP and checks its table of contents before anything is extracted: only the
 * names a backup contains, no paths that climb or are absolute, no links, no duplicates, a
 * bounded number of entries, and declared sizes that fit the file (no decompression bombs).
 */
export class BackupZip {
  private constructor(readonly entries: Map<string, Entry>) {}

  static async open(path: string, fileSize: number): Promise<BackupZip> {
    let directory: unzipper.CentralDirectory;
    try {
      directory = await unzipper.Open.file(path);
    } catch {
      throw refuse('it is not a readable ZIP archive');
    }
    const files = directory.files;
    if (files.length > ZIP_LIMITS.maxEntries) {
      throw refuse(`it has ${files.length} entries; a backup has at most ${ZIP_LIMITS.maxEntries}`);
    }
    const entries = new Map<string, Entry>();
    let declared = 0;
    for (const file of files) {
      const name = file.path;
      const mode = ((file as Entry & { externalFileAttributes?: number }).externalFileAttributes ?? 0) >>> 16;
      if ((mode & 0o170000) === 0o120000) throw refuse(`"${clip(name)}" is a symbolic link`);
      if (name.length > ZIP_LIMITS.maxNameLength) throw refuse('an entry has an over-long name');
      if (
        name.includes('\\') ||
        name.startsWith('/') ||
        /^[a-z]:/i.test(name) ||
        name.split('/').includes('..')
      ) {
        throw refuse(`"${clip(name)}" is not a safe path`);
      }
      if (file.type === 'Directory') {
        if (name !== 'images/' && name !== 'quarantine/') throw refuse(`unexpected folder "${clip(name)}"`);
        continue;
      }
      if (
        ![MANIFEST_NAME, SHOPS_NAME, ACTIVITY_NAME, REQUESTS_NAME].includes(name) &&
        !IMAGE_NAME.test(name) &&
        !QUARANTINE_NAME.test(name)
      ) {
        throw refuse(`unexpected entry "${clip(name)}"`);
      }
      if (entries.has(name)) throw refuse(`"${clip(name)}" appears twice`);
      const limit = limitFor(name);
      if (file.uncompressedSize > limit) throw refuse(`"${clip(name)}" is larger than a backup entry can be`);
      declared += file.uncompressedSize;
      entries.set(name, file);
    }
    if (declared > fileSize * ZIP_LIMITS.maxExpansion + 10 * 1024 * 1024) {
      throw refuse('it would expand to far more than its size (a decompression bomb)');
    }
    return new BackupZip(entries);
  }

  /**
   * Reads one entry into memory, never more than its declared size and its kind's limit:
   * headers that lie about sizes are caught here, while reading.
   */
  async read(name: string): Promise<Buffer> {
    const entry = this.entries.get(name);
    if (!entry) throw refuse(`"${clip(name)}" is missing`);
    const limit = Math.min(entry.uncompressedSize, limitFor(name));
    const chunks: Buffer[] = [];
    let total = 0;
    const stream = entry.stream();
    try {
      for await (const chunk of stream) {
        total += (chunk as Buffer).length;
        if (total > limit) throw refuse(`"${clip(name)}" is larger than its header says`);
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      stream.destroy();
      if (error instanceof ApiError) throw error;
      throw refuse(`"${clip(name)}" is damaged`);
    }
    if (total !== entry.uncompressedSize) throw refuse(`"${clip(name)}" is damaged`);
    return Buffer.concat(chunks);
  }

  /** Reads and parses one JSON entry, a slice per turn of the event loop (a manifest: 5 MB). */
  async readJson(name: string): Promise<unknown> {
    const bytes = await this.read(name);
    try {
      return await parseJsonInTurns(bytes);
    } catch {
      throw refuse(`${name} is not valid JSON`);
    }
  }
}

function limitFor(name: string): number {
  if (name === MANIFEST_NAME) return ZIP_LIMITS.manifestBytes;
  if (name === SHOPS_NAME) return ZIP_LIMITS.shopsBytes;
  if (name === ACTIVITY_NAME) return ZIP_LIMITS.activityBytes;
  if (name === REQUESTS_NAME) return ZIP_LIMITS.shopsBytes;
  return ZIP_LIMITS.imageBytes;
}

function clip(name: string): string {
  return name.length > 60 ? `${name.slice(0, 57)}...` : name;
}
