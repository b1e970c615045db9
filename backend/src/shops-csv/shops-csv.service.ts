import { setImmediate as nextTurn } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUUID } from 'class-validator';
import {
  checkShop,
  normalizeText,
  SHOP_CSV_COLUMNS,
  SHOP_FIELD,
  SHOP_FIELD_NAMES,
  sameFieldValue,
} from 'contract';
import { DataSource, type EntityManager } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import type { FieldError, FieldErrorCode } from '../common/api-error.js';
import { TransactionRunner } from '../database/transaction-runner.js';
import { ShopWriter, type ShopValues, type StoredShop } from '../shops/shop-writer.js';
import { retryOnSlugRace, ShopsService } from '../shops/shops.service.js';
import { CsvParser } from './csv-parser.js';
import type { ImportMatch, ImportRowDto, ImportShopsResultDto } from './dto/shops-csv.dto.js';
import { rowToShopFields, shopToCsvRecord, type CsvDelimiter, type CsvRow } from './shop-csv-format.js';

/** Rows planned per turn of the event loop. */
const PLAN_SLICE_ROWS = 200;

const matchKey = (name: string, city: string) => `${normalizeText(name)}\n${normalizeText(city)}`;

/** What one row does, decided against the shops as they are in the planning transaction. */
interface PlannedRow {
  report: ImportRowDto;
  /** Validated values, for `created` and `updated`. */
  values?: ShopValues;
  /** The shop an `updated` row changes (read by the same manager). */
  target?: StoredShop;
}

type Existing = StoredShop;

export interface ImportOptions {
  dryRun: boolean;
  allOrNothing: boolean;
  /** Who imports (an applied import is logged as theirs; a dry run is not logged). */
  actor: ActivityActor;
  /** The uploaded file's name, for the log entry. */
  fileName?: string;
}

/**
 * The directory as a spreadsheet: every shop out as CSV, and a CSV in as shops created and
 * updated, previewed first (dry run), validated by the API's own shop rules and applied in one
 * transaction.
 */
@Injectable()
export class ShopsCsvService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly shops: ShopsService,
    private readonly writer: ShopWriter,
    private readonly csvParser: CsvParser,
  ) {}

  /**
   * The header and one record per shop, in the directory's order. Read from the catalogue
   * (one consistent snapshot, already in memory for the public listing).
   */
  async exportRecords(): Promise<Iterable<string[]>> {
    // Read before the answer starts, so that a database failure is still a JSON error.
    const { shops } = await this.shops.getCatalog();
    return (function* () {
      yield [...SHOP_CSV_COLUMNS];
      for (const shop of shops) yield shopToCsvRecord(shop);
    })();
  }

  async importShops(file: Buffer, options: ImportOptions): Promise<ImportShopsResultDto> {
    const { delimiter, rows } = await this.csvParser.parse(file);
    if (options.dryRun) {
      const planned = await this.plan(this.dataSource.manager, rows, true);
      return this.result(planned, delimiter, options, false);
    }
    const { planned, applied, released } = await retryOnSlugRace(() =>
      this.transactions.run(async (manager) => {
        const plan = await this.plan(manager, rows);
        const refused = plan.some((row) => row.report.status === 'refused');
        if (options.allOrNothing && refused) return { planned: plan, applied: false, released: [] };
        const file = options.fileName?.slice(0, 200);
        const writes = await this.writer.open(
          manager,
          options.actor,
          { via: 'import', ...(file ? { file } : {}) },
          { slugs: 'all' },
        );
        for (const { report, values, target } of plan) {
          if (!values || (report.status !== 'created' && report.status !== 'updated')) continue;
          if (target) await writes.update(target, values);
          else report.id = (await writes.create(values)).id;
        }
        await writes.finish({
          kind: 'shops.imported',
          actor: options.actor,
          details: {
            ...this.counts(plan),
            allOrNothing: options.allOrNothing,
            ...(file ? { file } : {}),
          },
        });
        return { planned: plan, applied: true, released: writes.releasedImages };
      }),
    );
    await this.writer.releaseImages(released);
    return this.result(planned, delimiter, options, applied);
  }

  /** Decides each row's fate without writing anything. */
  private async plan(manager: EntityManager, rows: CsvRow[], inSlices = false): Promise<PlannedRow[]> {
    const existing = await this.existingShops(manager);
    const byId = new Map<string, Existing>();
    const byNameAndCity = new Map<string, Existing[]>();
    for (const entry of existing) {
      byId.set(entry.shop.id, entry);
      const key = matchKey(entry.shop.name, entry.shop.city);
      byNameAndCity.set(key, [...(byNameAndCity.get(key) ?? []), entry]);
    }
    // The first row of the file aiming at each shop (or at each new name and city).
    const claimedBy = new Map<string, number>();
    const planned: PlannedRow[] = [];
    for (const [index, row] of rows.entries()) {
      // A dry run plans thousands of rows in slices, each in a turn of the event loop of its own,
      // so other requests are answered meanwhile (never inside a transaction: on SQLite another
      // request's queries would run in it).
      if (inSlices && index % PLAN_SLICE_ROWS === PLAN_SLICE_ROWS - 1) await nextTurn();
      planned.push(await this.planRow(row, byId, byNameAndCity, claimedBy));
    }
    return planned;
  }

  private async planRow(
    { row, cells, cellCount }: CsvRow,
    byId: Map<string, Existing>,
    byNameAndCity: Map<string, Existing[]>,
    claimedBy: Map<string, number>,
  ): Promise<PlannedRow> {
    const report: ImportRowDto = {
      row,
      status: 'refused',
      id: null,
      name: cells.name?.trim() ?? '',
      city: cells.city?.trim() ?? '',
      matchedBy: null,
      changes: [],
      errors: [],
    };
    const refuse = (...errors: FieldError[]): PlannedRow => ({ report: { ...report, errors } });
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
    let target: Existing | undefined;
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
    const { values: checked, problems } = checkShop(target ? { ...currentFields(target), ...given } : given);
    if (problems.length)
      return refuse(...problems.map((problem) => ({ ...problem, code: problem.code as FieldErrorCode })));
    const values = checked as unknown as ShopValues;

    const claim = target ? target.shop.id : `new\n${matchKey(values.name, values.city)}`;
    const first = claimedBy.get(claim);
    if (first !== undefined) {
      return refuse({
        field: target ? (matchedBy === 'id' ? 'id' : 'name') : 'name',
        code: 'DUPLICATE_ROW',
        message: `Row ${first} is about the same shop`,
        params: { row: first },
      });
    }
    claimedBy.set(claim, row);

    const imageErrors = await this.writer.imageProblems(values, target?.shop);
    if (imageErrors.length) return refuse(...imageErrors);

    if (!target) return { report: { ...report, status: 'created' }, values };
    const current = currentFields(target);
    const changes = SHOP_FIELD_NAMES.filter(
      (field) => !sameFieldValue(SHOP_FIELD[field], values[field as keyof ShopValues], current[field]),
    );
    return {
      report: {
        ...report,
        status: changes.length ? 'updated' : 'unchanged',
        id: target.shop.id,
        matchedBy,
        changes,
      },
      values,
      target,
    };
  }

  private existingShops(manager: EntityManager): Promise<Existing[]> {
    return this.writer.read(manager);
  }

  private counts(planned: PlannedRow[]): ImportShopsResultDto['counts'] {
    const counts = { created: 0, updated: 0, unchanged: 0, refused: 0 };
    for (const { report } of planned) counts[report.status] += 1;
    return counts;
  }

  private result(
    planned: PlannedRow[],
    delimiter: CsvDelimiter,
    { dryRun, allOrNothing }: ImportOptions,
    applied: boolean,
  ): ImportShopsResultDto {
    return {
      dryRun,
      allOrNothing,
      applied,
      delimiter,
      counts: this.counts(planned),
      rows: planned.map((entry) => entry.report),
    };
  }
}

/** A shop's values as an import row would give them. */
function currentFields({ shop, categories }: Existing): Record<string, unknown> {
  return {
    ...Object.fromEntries(SHOP_FIELD_NAMES.map((field) => [field, shop[field as keyof typeof shop]])),
    categories,
  };
}
