import { checkShop, OBJECTS_PATH_PREFIX, UUID_PATTERN as UUID, type ShopValues } from 'contract';
import type { VerificationPeriodRecord } from '../shops/shop-writer.js';
import { objectKeyOf } from '../shops/shop.rules.js';
import { imageProblem } from '../uploads/image-check.js';
import {
  IMAGE_NAME,
  MANIFEST_NAME,
  PRODUCT,
  QUARANTINE_NAME,
  REQUESTS_NAME,
  SHOPS_NAME,
  SUPPORTED_FORMAT_VERSIONS,
  type Manifest,
} from './backup-format.js';
import { BackupZip, parseEntry, refuse } from './zip-reader.js';
import { checkBackedUpRequests, quarantinedPathsOf } from './request-backup.js';
import { checkBackedUpPeriods } from './verification-backup.js';
import type { VisitorRequest } from '../visitor-requests/visitor-request.entity.js';

// Reading a backup ZIP for a restore, in the backup worker: every check that can refuse the file is
// made before the directory is touched; each image's bytes are checked when stored.

/** A shop's image fields, as a refusal names them. */
const IMAGE_FIELDS = [['logo', 'logo'] as const, ['mapImageUrl', 'map image'] as const];

/** A shop from a backup, validated by the shop schema's rules, with the slug and dates it had. */
export interface RestoredShop {
  id: string;
  fields: ShopValues;
  /** Kept when it still fits the name and city and no other shop has it (format 3 on). */
  slug?: string;
  createdAt?: Date;
  updatedAt?: Date;
  /** Its verification history (format 8 on); an older backup has none, and the periods here stay. */
  verificationPeriods?: VerificationPeriodRecord[];
}

/** A backup ZIP on disk (an upload, or a stored backup's temporary copy). */
export interface BackupFile {
  path: string;
  size: number;
}

/** Which file a restore read, as its log entry names it: an uploaded file's name or a stored backup's. */
export type RestoreSource = { upload: string } | { storedBackup: string };

/** A backup that passed every check but the images' own (those are read when stored). */
export interface ReadBackup {
  zip: BackupZip;
  manifest: Manifest;
  shops: RestoredShop[];
  /** Image path used by the backup's shops → the archive entry holding its bytes. */
  imagesByPath: Map<string, string>;
  /** Visitors' requests still pending when the backup was made (format 6). */
  requests: VisitorRequest[];
  /** Quarantined image path the requests name → the archive entry holding its bytes (format 7). */
  quarantineByPath: Map<string, string>;
}

export interface RestorePlan {
  created: RestoredShop[];
  replaced: RestoredShop[];
  unchanged: number;
  /** The images to store (path in the backup → archive entry): those the written shops use. */
  images: Map<string, string>;
}

/** The image entries the backup's shops use (path → archive entry); the others are ignored. */
export function usedImages(backup: Pick<ReadBackup, 'shops' | 'imagesByPath'>): Map<string, string> {
  const used = new Set(backup.shops.flatMap((shop) => [shop.fields.logo, shop.fields.mapImageUrl]));
  return new Map([...backup.imagesByPath].filter(([path]) => used.has(path)));
}

/** The quarantined image entries the backup's pending listing requests name (path → archive entry). */
export function usedQuarantined({ requests, quarantineByPath }: ReadBackup): Map<string, string> {
  const named = new Set(requests.flatMap((request) => quarantinedPathsOf(request)));
  return new Map([...quarantineByPath].filter(([path]) => named.has(path)));
}

export function asDate(value: unknown): Date | undefined {
  const date = typeof value === 'string' ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

/**
 * Opens the ZIP and makes every check that needs no image bytes, taking at most `maxShops` shops;
 * `seen` gets the manifest once read. The caller closes `zip` once it has read the images it needs.
 */
export async function readBackup(
  file: BackupFile,
  maxShops: number,
  seen: { manifest?: Manifest } = {},
): Promise<ReadBackup> {
  const zip = await BackupZip.open(file.path, file.size);
  try {
    const manifest = checkManifest(parseEntry(await zip.read(MANIFEST_NAME), MANIFEST_NAME));
    seen.manifest = manifest;
    // The manifest's count refuses a big backup before shops.json is read; the list's own length
    // (which a hand-made manifest may understate) stops the parse past the limit.
    const tooMany = (count: number | string) =>
      refuse(
        `it holds ${count} shops, and this server restores at most ${maxShops} at once (RESTORE_MAX_SHOPS)`,
      );
    const counted = manifest.counts?.shops;
    if (typeof counted === 'number' && counted > maxShops) throw tooMany(counted);
    const { bytes: shopsBytes, sha256: shopsSha256 } = await zip.readHashed(SHOPS_NAME);
    const expected = manifest.files?.[SHOPS_NAME]?.sha256;
    if (expected && expected !== shopsSha256) throw refuse('shops.json does not match its checksum');
    const parsed = parseEntry(shopsBytes, SHOPS_NAME);
    if (Array.isArray(parsed) && parsed.length > maxShops) throw tooMany(`more than ${maxShops}`);
    return await checkedBackup(zip, manifest, checkShops(parsed, manifest.formatVersion));
  } catch (error) {
    zip.close();
    throw error;
  }
}

async function checkedBackup(zip: BackupZip, manifest: Manifest, shops: RestoredShop[]): Promise<ReadBackup> {
  const imagesByPath = objectEntries(zip, manifest, IMAGE_NAME, 'uploads');
  const missing = new Set(manifest.missingImages ?? []);
  for (const [index, shop] of shops.entries()) {
    for (const [field, label] of IMAGE_FIELDS) {
      const path = shop.fields[field];
      if (objectKeyOf(path) && !imagesByPath.has(path) && !missing.has(path)) {
        throw refuse(`shop ${index + 1} ("${shop.fields.name}"): its ${label} ${path} is not in the backup`);
      }
    }
  }
  const requests = await readRequests(zip, manifest);
  const quarantineByPath = objectEntries(zip, manifest, QUARANTINE_NAME, 'quarantine');
  if (manifest.formatVersion >= 7) {
    const missingQuarantined = new Set(manifest.missingQuarantined ?? []);
    for (const [index, request] of requests.entries()) {
      for (const path of quarantinedPathsOf(request)) {
        if (!quarantineByPath.has(path) && !missingQuarantined.has(path))
          throw refuse(`request ${index + 1} in ${REQUESTS_NAME}: its image ${path} is not in the backup`);
      }
    }
  }
  return { zip, manifest, shops, imagesByPath, requests, quarantineByPath };
}

/** The pending requests of a format 6 backup, checksummed and checked; none before. */
async function readRequests(zip: BackupZip, manifest: Manifest): Promise<VisitorRequest[]> {
  if (manifest.formatVersion < 6 || !zip.entries.has(REQUESTS_NAME)) return [];
  const { bytes, sha256 } = await zip.readHashed(REQUESTS_NAME);
  const expected = manifest.files?.[REQUESTS_NAME]?.sha256;
  if (!expected) throw refuse(`${REQUESTS_NAME} is not listed in the manifest`);
  if (expected !== sha256) throw refuse(`${REQUESTS_NAME} does not match its checksum`);
  return checkBackedUpRequests(parseEntry(bytes, REQUESTS_NAME));
}

/** An image entry's bytes once they match their checksum and are an acceptable image. */
export async function checkedImage({ zip, manifest }: ReadBackup, entryName: string): Promise<Buffer> {
  const { bytes, sha256 } = await zip.readHashed(entryName);
  const checksum = manifest.files?.[entryName]?.sha256;
  if (checksum && checksum !== sha256) throw refuse(`${entryName} does not match its checksum`);
  const problem = imageProblem(bytes);
  if (problem) throw refuse(`${entryName}: ${problem}`);
  return bytes;
}

function checkManifest(value: unknown): Manifest {
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
function checkShops(value: unknown, formatVersion: number): RestoredShop[] {
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
    // Fields the schema does not have (an older or newer format's) are left out; before format 8 the
    // certificate's fields were not there, and a verified shop is "verified, no dates".
    const { values, problems } = checkShop(
      formatVersion >= 8
        ? record
        : { ...record, certificateNumber: null, verifiedOn: null, validUntil: null, verificationNote: null },
    );
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
      ...(formatVersion >= 8
        ? { verificationPeriods: checkBackedUpPeriods(record.verificationPeriods, label) }
        : {}),
    });
  }
  return shops;
}

/** Object path → archive entry, for the images (or quarantined images) `pattern` names. */
function objectEntries(
  zip: BackupZip,
  manifest: Manifest,
  pattern: RegExp,
  folder: 'uploads' | 'quarantine',
): Map<string, string> {
  const byPath = new Map<string, string>();
  for (const name of zip.entries.keys()) {
    const match = pattern.exec(name);
    if (!match) continue;
    const path = manifest.files?.[name]?.path ?? `${OBJECTS_PATH_PREFIX}${folder}/${match[1]}`;
    if (manifest.formatVersion >= 2 && !manifest.files?.[name])
      throw refuse(`${name} is not listed in the manifest`);
    byPath.set(path, name);
  }
  return byPath;
}
