import {
  checkListingShop,
  CORRECTION_FIELDS,
  CORRECTION_KINDS,
  LISTING_IMAGE_FIELDS,
  QUARANTINED_IMAGE_PATH,
  REQUEST_REFERENCE_PATTERN,
  shopFieldProblem,
  UUID_PATTERN,
  VISITOR_REQUEST_TYPES,
} from 'contract';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { refuse } from './zip-reader.js';
import { VisitorRequest } from '../visitor-requests/visitor-request.entity.js';

/** A pending request as a backup holds it: every column, times as ISO 8601. */
export type BackedUpRequest = Omit<VisitorRequest, 'createdAt' | 'decidedAt' | 'personalDataErasedAt'> & {
  createdAt: string;
};

/** The requests waiting for a decision, as `requests.json` and the data backup hold them. */
export async function pendingRequestsForBackup(
  reader: DataSource | EntityManager,
): Promise<BackedUpRequest[]> {
  const rows = await reader
    .getRepository(VisitorRequest)
    .find({ where: { status: 'pending' }, order: { createdAt: 'ASC', id: 'ASC' } });
  return rows.map(({ decidedAt: _d, personalDataErasedAt: _e, ...row }) => ({
    ...row,
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}

/** The quarantined image paths (`/objects/quarantine/<uuid>`) a listing request's shop names. */
export function quarantinedPathsOf(request: Pick<VisitorRequest, 'type' | 'proposedShop'>): string[] {
  if (request.type !== 'listing' || !request.proposedShop) return [];
  const shop = JSON.parse(request.proposedShop) as Record<string, unknown>;
  return LISTING_IMAGE_FIELDS.map((field) => shop[field]).filter(
    (path): path is string => typeof path === 'string' && QUARANTINED_IMAGE_PATH.test(path),
  );
}

/** The request with its shop's images at the paths `newPaths` gives them (the others as they were). */
export function withImagePaths(request: VisitorRequest, newPaths: Map<string, string>): VisitorRequest {
  if (!quarantinedPathsOf(request).some((path) => newPaths.has(path))) return request;
  const shop = JSON.parse(request.proposedShop!) as Record<string, unknown>;
  for (const field of LISTING_IMAGE_FIELDS) {
    const path = shop[field];
    if (typeof path === 'string' && newPaths.has(path)) shop[field] = newPaths.get(path);
  }
  return { ...request, proposedShop: JSON.stringify(shop) };
}

/** Of the backup's requests, those a restore would put back: no request here has their id or reference. */
export async function requestsNotHere(
  manager: EntityManager,
  requests: VisitorRequest[],
): Promise<VisitorRequest[]> {
  const repository = manager.getRepository(VisitorRequest);
  const fresh: VisitorRequest[] = [];
  const taken = new Set<string>();
  for (let start = 0; start < requests.length; start += 500) {
    const chunk = requests.slice(start, start + 500);
    const present = await repository.find({
      select: { id: true, reference: true },
      where: [{ id: In(chunk.map((r) => r.id)) }, { reference: In(chunk.map((r) => r.reference)) }],
    });
    for (const row of present) taken.add(row.id).add(row.reference);
    // A request appearing twice in the backup is put back once.
    for (const row of chunk.filter((row) => !taken.has(row.id) && !taken.has(row.reference))) {
      taken.add(row.id).add(row.reference);
      fresh.push(row);
    }
  }
  return fresh;
}

const text = (value: unknown, max: number) =>
  value === null || (typeof value === 'string' && value.length <= max);

/** A listing request's shop (JSON) that the shop rules accept as it is; absent (older backups) is none. */
function proposedShopOf(value: unknown): string | null | false {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return false;
  try {
    const shop = JSON.parse(value) as unknown;
    if (typeof shop !== 'object' || shop === null || Array.isArray(shop)) return false;
    return checkListingShop(shop as Record<string, unknown>).problems.length ? false : value;
  } catch {
    return false;
  }
}

/** The backup's pending requests once each is what this server would have stored; else refused. */
export function checkBackedUpRequests(value: unknown): VisitorRequest[] {
  if (!Array.isArray(value)) throw refuse('requests.json is not a list');
  return value.map((raw, index) => {
    const record = (raw ?? {}) as Record<string, unknown>;
    const createdAt = typeof record.createdAt === 'string' ? Date.parse(record.createdAt) : NaN;
    const proposedShop = proposedShopOf(record.proposedShop);
    const ok =
      proposedShop !== false &&
      typeof record.id === 'string' &&
      UUID_PATTERN.test(record.id) &&
      typeof record.reference === 'string' &&
      REQUEST_REFERENCE_PATTERN.test(record.reference) &&
      (VISITOR_REQUEST_TYPES as readonly unknown[]).includes(record.type) &&
      record.status === 'pending' &&
      (record.kind === null || (CORRECTION_KINDS as readonly unknown[]).includes(record.kind)) &&
      (record.shopId === null || (typeof record.shopId === 'string' && UUID_PATTERN.test(record.shopId))) &&
      text(record.shopName, 150) &&
      text(record.submitterAddress, 64) &&
      text(record.duplicateKey, 64) &&
      Number.isInteger(record.duplicates) &&
      (record.duplicates as number) >= 0 &&
      !Number.isNaN(createdAt) &&
      (
        [
          ['proposedValue', 'value'],
          ['comment', 'comment'],
          ['submitterName', 'name'],
          ['submitterEmail', 'email'],
        ] as const
      ).every(([column, field]) => {
        const item = record[column];
        return (
          item === null || (typeof item === 'string' && !shopFieldProblem(CORRECTION_FIELDS[field], item))
        );
      });
    if (!ok) throw refuse(`request ${index + 1} in requests.json is not a valid pending request`);
    return {
      id: record.id as string,
      reference: record.reference as string,
      type: record.type as VisitorRequest['type'],
      status: 'pending',
      shopId: record.shopId as string | null,
      shopName: record.shopName as string | null,
      kind: record.kind as VisitorRequest['kind'],
      proposedValue: record.proposedValue as string | null,
      comment: record.comment as string | null,
      proposedShop: proposedShop as string | null,
      submitterName: record.submitterName as string | null,
      submitterEmail: record.submitterEmail as string | null,
      submitterAddress: record.submitterAddress as string | null,
      duplicates: record.duplicates as number,
      duplicateKey: record.duplicateKey as string | null,
      createdAt,
      decidedAt: null,
      decidedBy: null,
      decisionReason: null,
      personalDataErasedAt: null,
    };
  });
}

/** Puts pending requests back in the restore's transaction; one whose id or reference is here is left. */
export async function restorePendingRequests(
  manager: EntityManager,
  requests: VisitorRequest[],
): Promise<number> {
  if (!requests.length) return 0;
  const fresh = await requestsNotHere(manager, requests);
  const repository = manager.getRepository(VisitorRequest);
  for (let start = 0; start < fresh.length; start += 500)
    await repository.insert(fresh.slice(start, start + 500));
  return fresh.length;
}
