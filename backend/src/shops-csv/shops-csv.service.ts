import { Injectable } from '@nestjs/common';
import { SHOP_CSV_COLUMNS, SHOP_FIELD_NAMES, type ShopValues } from 'contract';
import type { EntityManager } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import { TransactionRunner } from '../database/transaction-runner.js';
import { PublicCatalog } from '../shops/public-catalog.handler.js';
import type { Shop } from '../shops/shop.entity.js';
import { ShopWriter, type StoredShop } from '../shops/shop-writer.js';
import { retryOnSlugRace, ShopsService } from '../shops/shops.service.js';
import { planImportRows, refusedReport, type PlannedRow } from './csv-import-plan.js';
import { CsvParser } from './csv-parser.js';
import type { ImportRowDto, ImportShopsResultDto } from './dto/shops-csv.dto.js';
import { shopToCsvRecord, type CsvDelimiter, type CsvRow } from './shop-csv-format.js';

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
    private readonly transactions: TransactionRunner,
    private readonly shops: ShopsService,
    private readonly catalog: PublicCatalog,
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
    if (options.dryRun) return this.dryRun(file, options);
    const { delimiter, rows } = await this.csvParser.parse(file);
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
          if (target) await writes.update(target.source, values);
          else report.id = (await writes.create(values)).id;
        }
        await writes.finish({
          kind: 'shops.imported',
          actor: options.actor,
          details: {
            ...this.counts(plan.map((row) => row.report)),
            allOrNothing: options.allOrNothing,
            ...(file ? { file } : {}),
          },
        });
        return { planned: plan, applied: true, released: writes.releasedImages };
      }),
    );
    await this.writer.releaseImages(released);
    return this.result(
      planned.map((row) => row.report),
      delimiter,
      options,
      applied,
    );
  }

  /**
   * A preview: the file read and planned in the CSV worker against the public catalogue (the
   * directory as of the current data version), so that thousands of rows never hold the event
   * loop; here only the new image references are checked against the object store.
   */
  private async dryRun(file: Buffer, options: ImportOptions): Promise<ImportShopsResultDto> {
    const { shops } = await this.catalog.now();
    const { delimiter, rows, imageChecks } = await this.csvParser.dryRun(file, shops.identity);
    for (const { index, values, before } of imageChecks) {
      const errors = await this.writer.imageProblems(values as Partial<ShopValues>, before as Partial<Shop>);
      if (errors.length) rows[index] = refusedReport(rows[index], errors);
    }
    return this.result(rows, delimiter, options, false);
  }

  /** Decides each row's fate without writing anything. */
  private async plan(manager: EntityManager, rows: CsvRow[]): Promise<PlannedRow<StoredShop>[]> {
    const known = (await this.writer.read(manager)).map((stored) => ({
      id: stored.shop.id,
      current: currentFields(stored),
      source: stored,
    }));
    const planned = planImportRows(rows, known);
    for (const [index, { values, target }] of planned.entries()) {
      if (!values) continue;
      const errors = await this.writer.imageProblems(values, target?.source.shop);
      if (errors.length) planned[index] = { report: refusedReport(planned[index].report, errors) };
    }
    return planned;
  }

  private counts(reports: ImportRowDto[]): ImportShopsResultDto['counts'] {
    const counts = { created: 0, updated: 0, unchanged: 0, refused: 0 };
    for (const report of reports) counts[report.status] += 1;
    return counts;
  }

  private result(
    reports: ImportRowDto[],
    delimiter: CsvDelimiter,
    { dryRun, allOrNothing }: ImportOptions,
    applied: boolean,
  ): ImportShopsResultDto {
    return {
      dryRun,
      allOrNothing,
      applied,
      delimiter,
      counts: this.counts(reports),
      rows: reports,
    };
  }
}

/** A shop's values as an import row would give them. */
function currentFields({ shop, categories }: StoredShop): Record<string, unknown> {
  return {
    ...Object.fromEntries(SHOP_FIELD_NAMES.map((field) => [field, shop[field as keyof typeof shop]])),
    categories,
  };
}
