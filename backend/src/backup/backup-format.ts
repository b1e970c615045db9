import { BACKUP_IMAGE_ENTRY, BACKUP_QUARANTINE_ENTRY } from 'contract';
/**
 * The backup file format; a restore reads every version. What each adds:
 * 1: manifest `{ product, formatVersion: 1, createdAt, shopCount }`, shops.json, images/; no checksums.
 * 2: a manifest with counts and a SHA-256 per file.
 * 3: each shop's `slug` and `whatsapp` (older shops get slugs as new shops do, or keep theirs here).
 * 4: activity.json, the whole activity log oldest first; a restore never reads it.
 * 5: each shop's `openingHours` and `hoursNote` (an older release refuses it by its version).
 * 6: requests.json, the pending visitors' requests (every column), put back unless their id or
 *    reference is here.
 * 7: quarantine/<uuid>.<ext>, the quarantined images those requests name (listed like images;
 *    `missingQuarantined` those the store lacked), stored in quarantine again under new keys.
 * 8: each shop's certificate (`certificateNumber`, `verifiedOn`, `validUntil`, `verificationNote`)
 *    and `verificationPeriods`, its verification's history oldest first, which a restore puts back
 *    as it was; in an older backup a verified shop is "verified, no dates".
 */
export const PRODUCT = 'atm-gunsmith-directory';
export const FORMAT_VERSION = 8;
export const SUPPORTED_FORMAT_VERSIONS = [1, 2, 3, 4, 5, 6, 7, 8];

export const MANIFEST_NAME = 'manifest.json';
export const SHOPS_NAME = 'shops.json';
export const ACTIVITY_NAME = 'activity.json';
export const REQUESTS_NAME = 'requests.json';
export const IMAGE_NAME = BACKUP_IMAGE_ENTRY;
export const QUARANTINE_NAME = BACKUP_QUARANTINE_ENTRY;

export interface ManifestFile {
  sha256: string;
  size: number;
  /** For images: the path the shops (or, quarantined, the requests) use for it in this backup. */
  path?: string;
  contentType?: string;
}

export interface Manifest {
  product: string;
  formatVersion: number;
  createdAt: string;
  counts?: { shops: number; images: number; activity?: number; requests?: number; quarantine?: number };
  files?: Record<string, ManifestFile>;
  /** Image paths the shops referenced but the store no longer had when the backup was made. */
  missingImages?: string[];
  /** Quarantined image paths pending listing requests named but the store no longer had (format 7). */
  missingQuarantined?: string[];
  /** Version 1 only. */
  shopCount?: number;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** `images/<uuid>.<ext>` for `uploads/<uuid>`, `quarantine/<uuid>.<ext>` for `quarantine/<uuid>`. */
export function imageEntryName(key: string, contentType: string): string {
  const [folder, id] = key.split('/');
  const entry = folder === 'quarantine' ? `quarantine/${id}` : `images/${id}`;
  const extension = EXTENSIONS[contentType];
  return extension ? `${entry}.${extension}` : entry;
}

/** `atm-directory-backup-2026-11-22.zip`: the product prefix and today's date (UTC). */
export function backupFileName(kind: 'full' | 'data', now = new Date()): string {
  const date = now.toISOString().slice(0, 10);
  return kind === 'full' ? `atm-directory-backup-${date}.zip` : `atm-directory-data-${date}.json`;
}

/** `JSON.stringify(value, null, 2)` as chunks of bytes, two levels member by member: never one big string. */
export function* prettyJsonChunks(value: unknown, perChunk = 2000): Generator<Buffer> {
  let pending: string[] = [];
  for (const piece of prettyPieces(value, '', 2)) {
    pending.push(piece);
    if (pending.length >= perChunk) {
      yield Buffer.from(pending.join(''));
      pending = [];
    }
  }
  if (pending.length) yield Buffer.from(pending.join(''));
}

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const omitted = (value: unknown) =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol';

/** An object `prettyJsonChunks` writes as `members()` yields them, never built (keys must not repeat). */
export class JsonObjectMembers {
  constructor(readonly members: () => Iterable<[string, unknown]>) {}
}

/** The text of `value` at `indent`, containers `depth` levels down written member by member. */
function* prettyPieces(value: unknown, indent: string, depth: number): Generator<string> {
  if (value instanceof JsonObjectMembers) {
    if (depth === 0) {
      yield* prettyPieces(Object.fromEntries(value.members()), indent, 0);
    } else {
      yield* memberPieces(value.members(), false, indent, depth);
    }
    return;
  }
  const container =
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function';
  if (depth === 0 || !container) {
    yield JSON.stringify(value, null, 2).replaceAll('\n', `\n${indent}`);
    return;
  }
  const isArray = Array.isArray(value);
  yield* memberPieces(
    isArray ? value.map((item) => [null, omitted(item) ? null : item]) : Object.entries(value),
    isArray,
    indent,
    depth,
  );
}

/** An array's items (`key` null) or an object's members, as `prettyPieces` writes them. */
function* memberPieces(
  members: Iterable<[string | null, unknown]>,
  isArray: boolean,
  indent: string,
  depth: number,
): Generator<string> {
  const inner = `${indent}  `;
  let written = 0;
  for (const [key, item] of members) {
    if (omitted(item)) continue;
    const opening = written ? ',' : isArray ? '[' : '{';
    yield `${opening}\n${inner}${key === null ? '' : `${JSON.stringify(key)}: `}`;
    yield* prettyPieces(item, inner, depth - 1);
    written++;
  }
  yield written ? `\n${indent}${isArray ? ']' : '}'}` : isArray ? '[]' : '{}';
}

/** '12.4 MB', '850 KB', '0 B'. */
export function humanSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}
