import { isUUID } from 'class-validator';
import { checkShop, normalizeText, SHOP_FIELD, SHOP_FIELD_NAMES, sameFieldValue } from 'contract';
import type { ShopValues } from 'contract';
import type { FieldError, FieldErrorCode } from '../common/api-error.js';
import type { ImportMatch, ImportRowDto, ImportShopsResultDto } from './dto/shops-csv.dto.js';
import { rowToShopFields, type CsvRow } from './shop-csv-format.js';

const matchKey = (name: string, city: string) => `${normalizeText(name)}\n${normalizeText(city)}`;

/** A shop as an import row is planned against: its id and its values as a row would give them. */
export interface KnownShop<Source> {
  id: string;
  current: Record<string, unknown>;
  /** What the caller needs back for a write (the stored shop), if anything. */
  source: Source;
}

/** A known shop from the catalogue or the stored rows (categories apart or among its fields). */
export function knownShop<Source>(
  shop: { id: string } & object,
  source: Source,
  categories?: readonly string[],
): KnownShop<Source> {
  const fields = shop as Record<string, unknown>;
  const current = Object.fromEntries(SHOP_FIELD_NAMES.map((field) => [field, fields[field]]));
  if (categories) current.categories = categories;
  return { id: shop.id, current, source };
}

/** What one row does, decided against the shops as they are; images not checked yet. */
export interface PlannedRow<Source> {
  report: ImportRowDto;
  /** Validated values, for `created`, `updated` and `unchanged`. */
  values?: ShopValues;
  /** The shop an `updated` or `unchanged` row is about. */
  target?: KnownShop<Source>;
}

/** The refusal of a row: its report with only these errors. */
export const refusedReport = (
  report: Pick<ImportRowDto, 'row' | 'name' | 'city'>,
  errors: FieldError[],
): ImportRowDto => ({
  row: report.row,
  status: 'refused',
  id: null,
  name: report.name,
  city: report.city,
  matchedBy: null,
  changes: [],
  errors,
});

export function importCounts(reports: readonly ImportRowDto[]): ImportShopsResultDto['counts'] {
  const counts = { created: 0, updated: 0, unchanged: 0, refused: 0 };
  for (const report of reports) counts[report.status] += 1;
  return counts;
}

/** Decides each row's fate against `known`, reading and writing nothing; the first row for a shop wins. */
export function planImportRows<Source>(
  rows: readonly CsvRow[],
  known: readonly KnownShop<Source>[],
): PlannedRow<Source>[] {
  const byId = new Map(known.map((entry) => [entry.id, entry]));
  const byNameAndCity = Map.groupBy(known, (entry) =>
    matchKey(String(entry.current.name ?? ''), String(entry.current.city ?? '')),
  );
  const claimedBy = new Map<string, number>();
  const certificates = new CurrentCertificates();
  for (const entry of known) {
    const { certificateNumber, isVerified } = entry.current;
    if (certificateNumber && isVerified === 'true')
      certificates.hold(String(certificateNumber), entry.id, null);
  }
  return rows.map((row) => planRow(row, byId, byNameAndCity, claimedBy, certificates));
}

/** Each current certificate's holder after the rows so far: the shop's claim and its row (null: stored). */
class CurrentCertificates {
  private readonly byNumber = new Map<string, { claim: string; row: number | null }>();
  private readonly byClaim = new Map<string, string>();

  holderOf(number: string) {
    return this.byNumber.get(number);
  }

  /** `claim`'s current certificate is `number` from now on (null: none). */
  hold(number: string | null, claim: string, row: number | null): void {
    const previous = this.byClaim.get(claim);
    if (previous !== undefined) this.byNumber.delete(previous);
    this.byClaim.delete(claim);
    if (!number) return;
    this.byNumber.set(number, { claim, row });
    this.byClaim.set(claim, number);
  }
}

function planRow<Source>(
  { row, cells, cellCount }: CsvRow,
  byId: Map<string, KnownShop<Source>>,
  byNameAndCity: Map<string, KnownShop<Source>[]>,
  claimedBy: Map<string, number>,
  certificates: CurrentCertificates,
): PlannedRow<Source> {
  const report = refusedReport({ row, name: cells.name?.trim() ?? '', city: cells.city?.trim() ?? '' }, []);
  const refuse = (...errors: FieldError[]): PlannedRow<Source> => ({ report: refusedReport(report, errors) });
  if (cellCount) {
    return refuse({
      field: 'row',
      code: 'WRONG_CELL_COUNT',
      message: `The row has ${cellCount.found} cells; the header has ${cellCount.expected}`,
      params: cellCount,
    });
  }

  // Which shop the row is about: its id, or else its name and city.
  const id = cells.id?.trim() ?? '';
  let target: KnownShop<Source> | undefined;
  let matchedBy: ImportMatch | null = null;
  if (id) {
    if (!isUUID(id))
      return refuse({ field: 'id', code: 'INVALID_VALUE', message: 'id must be a shop id (a UUID)' });
    target = byId.get(id.toLowerCase());
    if (!target) return refuse({ field: 'id', code: 'UNKNOWN_SHOP', message: `No shop has the id ${id}` });
    matchedBy = 'id';
  } else if (report.name && report.city) {
    const candidates = byNameAndCity.get(matchKey(report.name, report.city)) ?? [];
    if (candidates.length > 1) {
      return refuse({
        field: 'name',
        code: 'AMBIGUOUS_MATCH',
        message: `${candidates.length} shops have this name and city; add the id column to say which`,
        params: { count: candidates.length },
      });
    }
    [target] = candidates;
    if (target) matchedBy = 'nameAndCity';
  }

  // The row's fields over the shop's current ones (a column the file lacks keeps its value).
  const given = rowToShopFields(cells);
  const { values: checked, problems } = checkShop(target ? { ...target.current, ...given } : given);
  if (problems.length)
    return refuse(...problems.map((problem) => ({ ...problem, code: problem.code as FieldErrorCode })));
  const values = checked as unknown as ShopValues;

  const claim = target ? target.id : `new\n${matchKey(values.name, values.city)}`;
  const first = claimedBy.get(claim);
  if (first !== undefined) {
    return refuse({
      field: target ? (matchedBy === 'id' ? 'id' : 'name') : 'name',
      code: 'DUPLICATE_ROW',
      message: `Row ${first} is about the same shop`,
      params: { row: first },
    });
  }
  // The shop writer's rule (a number no other shop holds), here so the row is refused, in a dry run too.
  const number = values.isVerified === 'true' ? (values.certificateNumber ?? null) : null;
  const holder = number ? certificates.holderOf(number) : undefined;
  if (number && holder && holder.claim !== claim) {
    return refuse({
      field: 'certificateNumber',
      code: 'CERTIFICATE_NUMBER_TAKEN',
      message:
        holder.row === null
          ? `Certificate number ${number} is the current certificate of another shop`
          : `Certificate number ${number} is the current certificate of the shop of row ${holder.row}`,
      params: holder.row === null ? { number } : { number, row: holder.row },
    });
  }
  claimedBy.set(claim, row);
  certificates.hold(number, claim, row);

  if (!target) return { report: { ...report, status: 'created' }, values };
  const { current } = target;
  const changes = SHOP_FIELD_NAMES.filter(
    (field) => !sameFieldValue(SHOP_FIELD[field], values[field as keyof ShopValues], current[field]),
  );
  return {
    report: {
      ...report,
      status: changes.length ? 'updated' : 'unchanged',
      id: target.id,
      matchedBy,
      changes,
    },
    values,
    target,
  };
}
