import {
  SHOP_FIELD,
  shopFieldProblem,
  normalizeShopValue,
  UUID_PATTERN,
  verificationProblems,
} from 'contract';
import type { DataSource, EntityManager } from 'typeorm';
import type { VerificationPeriodRecord } from '../shops/shop-writer.js';
import { ShopVerificationPeriod } from '../shops/shop-verification-period.entity.js';
import { refuse } from './zip-reader.js';

/** One period of a shop's verification as a backup holds it (format 8): `recordedAt` as ISO 8601. */
export type BackedUpPeriod = Omit<VerificationPeriodRecord, 'recordedAt'> & { recordedAt: string };

/** Every shop's verification periods, oldest first, by shop id. */
export async function periodsForBackup(
  reader: DataSource | EntityManager,
): Promise<Map<string, BackedUpPeriod[]>> {
  const rows = await reader
    .getRepository(ShopVerificationPeriod)
    .find({ order: { shopId: 'ASC', recordedAt: 'ASC', id: 'ASC' } });
  const byShop = new Map<string, BackedUpPeriod[]>();
  for (const { id: _id, shopId, recordedAt, ...period } of rows) {
    const periods = byShop.get(shopId) ?? [];
    periods.push({ ...period, recordedAt: new Date(recordedAt).toISOString() });
    byShop.set(shopId, periods);
  }
  return byShop;
}

/** The fields of a period and the shop field whose rules they follow. */
const PERIOD_TEXT_FIELDS = [
  ['certificateNumber', SHOP_FIELD.certificateNumber],
  ['verifiedOn', SHOP_FIELD.verifiedOn],
  ['validUntil', SHOP_FIELD.validUntil],
  ['note', SHOP_FIELD.verificationNote],
] as const;

/** A format 8 shop's `verificationPeriods`, checked by the shop schema's rules; `where` names the shop. */
export function checkBackedUpPeriods(value: unknown, where: string): VerificationPeriodRecord[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw refuse(`${where}: verificationPeriods must be a list`);
  return value.map((raw: unknown, index) => {
    const label = `${where}, verification period ${index + 1}`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw refuse(`${label} is not an object`);
    const record = raw as Record<string, unknown>;
    const values: Record<string, string | null> = {};
    for (const [name, definition] of PERIOD_TEXT_FIELDS) {
      const normalized = normalizeShopValue(definition, record[name]);
      const problem = shopFieldProblem(definition, normalized);
      if (problem) throw refuse(`${label}: ${problem.message}`);
      values[name] = (normalized as string | null | undefined) ?? null;
    }
    const [problem] = verificationProblems(values);
    if (problem || !values.certificateNumber)
      throw refuse(`${label}: ${problem?.message ?? 'Certificate number is required'}`);
    const { verifiedBy, verifiedByName } = record;
    if (verifiedBy != null && (typeof verifiedBy !== 'string' || !UUID_PATTERN.test(verifiedBy)))
      throw refuse(`${label}: verifiedBy must be an administrator's id (a UUID) or null`);
    if (verifiedByName != null && (typeof verifiedByName !== 'string' || verifiedByName.length > 50))
      throw refuse(`${label}: verifiedByName must be a name of at most 50 characters or null`);
    const recordedAt = typeof record.recordedAt === 'string' ? Date.parse(record.recordedAt) : NaN;
    if (Number.isNaN(recordedAt)) throw refuse(`${label}: recordedAt must be a date and time`);
    return {
      certificateNumber: values.certificateNumber,
      verifiedOn: values.verifiedOn!,
      validUntil: values.validUntil,
      note: values.note,
      verifiedBy: (verifiedBy as string | null | undefined) ?? null,
      verifiedByName: (verifiedByName as string | null | undefined) ?? null,
      recordedAt,
    };
  });
}
