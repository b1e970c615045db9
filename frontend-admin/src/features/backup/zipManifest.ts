import { inflateSync } from 'fflate';
import { BACKUP_MAX_MANIFEST_BYTES } from 'contract';

/** What the restore confirmation shows about a backup file, read from its `manifest.json`. */
export interface BackupSummary {
  product?: string;
  formatVersion?: number;
  createdAt?: string;
  shops?: number;
  images?: number;
  /**
   * Images the shops name that were already gone from storage when the backup was made: a
   * restore leaves those shops without that logo or map, so the page says so.
   */
  missingImages?: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MANIFEST = 'manifest.json';

async function read(blob: Blob, start: number, end: number): Promise<DataView> {
  const part = blob.slice(start, end);
  const buffer =
    typeof part.arrayBuffer === 'function'
      ? await part.arrayBuffer()
      : await new Promise<ArrayBuffer>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(reader.result as ArrayBuffer);
          reader.onerror = () => reject(reader.error);
          reader.readAsArrayBuffer(part);
        });
  return new DataView(buffer);
}

const u64 = (view: DataView, at: number) => Number(view.getBigUint64(at, true));

/**
 * Reads `manifest.json` out of a ZIP in the browser without loading the whole file: the end
 * of central directory record (ZIP64 too), then the central directory to find the entry and
 * its sizes (the backend streams the ZIP, so local headers carry no sizes), then only that
 * entry's bytes, inflated with fflate. Returns null when the file is not a ZIP or has no
 * readable manifest; the restore can still go ahead (the server decides).
 */
export async function readBackupManifest(file: Blob): Promise<BackupSummary | null> {
  try {
    const size = file.size;
    if (size < 22) return null;
    const tailStart = Math.max(0, size - (22 + 0xffff));
    const tail = await read(file, tailStart, size);
    let eocd = -1;
    for (let i = tail.byteLength - 22; i >= 0; i--) {
      if (tail.getUint32(i, true) === EOCD) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) return null;
    let entries = tail.getUint16(eocd + 10, true);
    let cdSize = tail.getUint32(eocd + 12, true);
    let cdOffset = tail.getUint32(eocd + 16, true);
    if ((entries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) && eocd >= 20) {
      if (tail.getUint32(eocd - 20, true) === ZIP64_LOCATOR) {
        const recordAt = u64(tail, eocd - 20 + 8);
        const record = await read(file, recordAt, recordAt + 56);
        if (record.getUint32(0, true) !== ZIP64_EOCD) return null;
        entries = u64(record, 32);
        cdSize = u64(record, 40);
        cdOffset = u64(record, 48);
      }
    }
    if (cdOffset + cdSize > size) return null;
    const cd = await read(file, cdOffset, cdOffset + cdSize);
    let at = 0;
    for (let n = 0; n < entries && at + 46 <= cd.byteLength; n++) {
      if (cd.getUint32(at, true) !== CENTRAL) return null;
      const method = cd.getUint16(at + 10, true);
      let compressed = cd.getUint32(at + 20, true);
      let uncompressed = cd.getUint32(at + 24, true);
      const nameLength = cd.getUint16(at + 28, true);
      const extraLength = cd.getUint16(at + 30, true);
      const commentLength = cd.getUint16(at + 32, true);
      let localOffset = cd.getUint32(at + 42, true);
      const name = new TextDecoder().decode(new Uint8Array(cd.buffer, cd.byteOffset + at + 46, nameLength));
      if (name === MANIFEST) {
        // ZIP64 extra field: the 64-bit values, in order, for those set to 0xffffffff.
        let extra = at + 46 + nameLength;
        const extraEnd = extra + extraLength;
        while (extra + 4 <= extraEnd) {
          const id = cd.getUint16(extra, true);
          const length = cd.getUint16(extra + 2, true);
          if (id === 0x0001) {
            let p = extra + 4;
            if (uncompressed === 0xffffffff) {
              uncompressed = u64(cd, p);
              p += 8;
            }
            if (compressed === 0xffffffff) {
              compressed = u64(cd, p);
              p += 8;
            }
            if (localOffset === 0xffffffff) localOffset = u64(cd, p);
          }
          extra += 4 + length;
        }
        if (uncompressed > BACKUP_MAX_MANIFEST_BYTES || compressed > BACKUP_MAX_MANIFEST_BYTES) return null;
        const local = await read(file, localOffset, localOffset + 30);
        if (local.getUint32(0, true) !== LOCAL) return null;
        const dataStart = localOffset + 30 + local.getUint16(26, true) + local.getUint16(28, true);
        const data = await read(file, dataStart, dataStart + compressed);
        const raw = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
        let bytes: Uint8Array;
        if (method === 0) bytes = raw;
        else if (method === 8) bytes = inflateSync(raw, { out: new Uint8Array(uncompressed) });
        else return null;
        return summarise(JSON.parse(new TextDecoder().decode(bytes)));
      }
      at += 46 + nameLength + extraLength + commentLength;
    }
    return null;
  } catch {
    return null;
  }
}

/** The counts of a manifest of version 2 or later, or the shop count of a version 1 one. */
function summarise(manifest: unknown): BackupSummary | null {
  if (!manifest || typeof manifest !== 'object') return null;
  const m = manifest as Record<string, unknown>;
  const counts = (m.counts && typeof m.counts === 'object' ? m.counts : {}) as Record<string, unknown>;
  const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  return {
    product: typeof m.product === 'string' ? m.product : undefined,
    formatVersion: num(m.formatVersion),
    createdAt: typeof m.createdAt === 'string' ? m.createdAt : undefined,
    shops: num(counts.shops) ?? num(m.shopCount),
    images: num(counts.images),
    missingImages: Array.isArray(m.missingImages) ? m.missingImages.length : undefined,
  };
}
