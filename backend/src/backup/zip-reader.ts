import { createHash, type Hash } from 'node:crypto';
import { on } from 'node:events';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { BACKUP_MAX_ENTRIES, BACKUP_MAX_MANIFEST_BYTES } from 'contract';
import { ApiError } from '../common/api-error.js';
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

/** What reading an entry needs, one row of numbers an entry: far less heap than an object per entry. */
const ROW = { offset: 0, compressedSize: 1, uncompressedSize: 2, method: 3, flags: 4 } as const;
const ROW_LENGTH = 5;

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
 * A backup ZIP (yauzl), its table of contents checked before anything is extracted: only a
 * backup's names, no climbing or absolute paths, no links, no duplicates, a bounded number of
 * entries, declared sizes that fit the file (no decompression bombs). Open until `close`.
 */
export class BackupZip {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    /** Entry name → its row in `table`. */
    readonly entries: ReadonlyMap<string, number>,
    private readonly table: Float64Array,
  ) {}

  static async open(path: string, fileSize: number): Promise<BackupZip> {
    let zip: yauzl.ZipFile;
    try {
      // Names and sizes are checked here and in `read`, not by yauzl: it would rewrite `\` as
      // `/`, and refuse a lying size as an unreadable archive instead of saying so.
      zip = await yauzl.openPromise(path, {
        lazyEntries: true,
        autoClose: false,
        decodeStrings: false,
        validateEntrySizes: false,
      });
    } catch {
      throw refuse('it is not a readable ZIP archive');
    }
    try {
      if (zip.entryCount > ZIP_LIMITS.maxEntries) {
        throw refuse(`it has ${zip.entryCount} entries; a backup has at most ${ZIP_LIMITS.maxEntries}`);
      }
      const table = new Float64Array(zip.entryCount * ROW_LENGTH);
      const entries = new Map<string, number>();
      let declared = 0;
      for await (const entry of entriesOf(zip)) {
        const name = (entry.fileName as unknown as Buffer).toString('utf8');
        checkEntry(entry, name, entries);
        if (name.endsWith('/')) continue;
        declared += entry.uncompressedSize;
        const row = entries.size;
        table.set(
          [
            entry.relativeOffsetOfLocalHeader,
            entry.compressedSize,
            entry.uncompressedSize,
            entry.compressionMethod,
            entry.generalPurposeBitFlag,
          ],
          row * ROW_LENGTH,
        );
        entries.set(name, row);
      }
      if (declared > fileSize * ZIP_LIMITS.maxExpansion + 10 * 1024 * 1024) {
        throw refuse('it would expand to far more than its size (a decompression bomb)');
      }
      return new BackupZip(zip, entries, table);
    } catch (error) {
      zip.close();
      throw error instanceof ApiError ? error : refuse('it is not a readable ZIP archive');
    }
  }

  /** Lets the file go; reads after it fail. */
  close(): void {
    this.zip.close();
  }

  /** A stream of the entry's bytes, inflated (`read` holds it to the declared size). */
  private stream(row: number): Promise<Readable> {
    const at = (field: number) => this.table[row * ROW_LENGTH + field];
    const entry = Object.assign(new yauzl.Entry(), {
      relativeOffsetOfLocalHeader: at(ROW.offset),
      compressedSize: at(ROW.compressedSize),
      uncompressedSize: at(ROW.uncompressedSize),
      compressionMethod: at(ROW.method),
      generalPurposeBitFlag: at(ROW.flags),
    });
    return this.zip.openReadStreamPromise(entry);
  }

  /** `read`, and the SHA-256 of the bytes (hex), computed as they arrive. */
  async readHashed(name: string): Promise<{ bytes: Buffer; sha256: string }> {
    const hash = createHash('sha256');
    const bytes = await this.read(name, hash);
    return { bytes, sha256: hash.digest('hex') };
  }

  /**
   * Reads one entry into memory, up to its declared size and its kind's limit; each piece is copied and
   * hashed as it arrives, since joining or hashing it all at the end would stall the event loop.
   */
  async read(name: string, hash?: Hash): Promise<Buffer> {
    const row = this.entries.get(name);
    if (row === undefined) throw refuse(`"${clip(name)}" is missing`);
    const size = this.table[row * ROW_LENGTH + ROW.uncompressedSize];
    const limit = Math.min(size, limitFor(name));
    // Memory of its own, touched only as it is written: a header that lies is refused first.
    const bytes = Buffer.allocUnsafeSlow(limit);
    let total = 0;
    let stream: Readable | undefined;
    try {
      stream = await this.stream(row);
      for await (const chunk of stream) {
        const piece = chunk as Buffer;
        if (total + piece.length > limit) throw refuse(`"${clip(name)}" is larger than its header says`);
        piece.copy(bytes, total);
        hash?.update(piece);
        total += piece.length;
      }
    } catch (error) {
      stream?.destroy();
      if (error instanceof ApiError) throw error;
      throw refuse(`"${clip(name)}" is damaged`);
    }
    if (total !== size) throw refuse(`"${clip(name)}" is damaged`);
    return bytes;
  }
}

/** The JSON of entry `name`, or its refusal. */
export function parseEntry(bytes: Buffer, name: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    throw refuse(`${name} is not valid JSON`);
  }
}

/** The entries of the central directory, each read once the one before is done with. */
async function* entriesOf(zip: yauzl.ZipFile): AsyncGenerator<yauzl.Entry> {
  const entries = on(zip, 'entry', { close: ['end'] });
  zip.readEntry();
  for await (const [entry] of entries) {
    yield entry as yauzl.Entry;
    zip.readEntry();
  }
}

/** One table-of-contents record's checks: its name, its kind, its declared size. */
function checkEntry(entry: yauzl.Entry, name: string, seen: ReadonlyMap<string, number>): void {
  const mode = entry.externalFileAttributes >>> 16;
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
  if (name.endsWith('/')) {
    if (name !== 'images/' && name !== 'quarantine/') throw refuse(`unexpected folder "${clip(name)}"`);
    return;
  }
  if (!Object.hasOwn(LIMITS_BY_NAME, name) && !IMAGE_NAME.test(name) && !QUARANTINE_NAME.test(name)) {
    throw refuse(`unexpected entry "${clip(name)}"`);
  }
  if (seen.has(name)) throw refuse(`"${clip(name)}" appears twice`);
  if (entry.uncompressedSize > limitFor(name))
    throw refuse(`"${clip(name)}" is larger than a backup entry can be`);
}

const LIMITS_BY_NAME: Record<string, number> = {
  [MANIFEST_NAME]: ZIP_LIMITS.manifestBytes,
  [SHOPS_NAME]: ZIP_LIMITS.shopsBytes,
  [ACTIVITY_NAME]: ZIP_LIMITS.activityBytes,
  [REQUESTS_NAME]: ZIP_LIMITS.shopsBytes,
};
const limitFor = (name: string) => LIMITS_BY_NAME[name] ?? ZIP_LIMITS.imageBytes;

function clip(name: string): string {
  return name.length > 60 ? `${name.slice(0, 57)}...` : name;
}
