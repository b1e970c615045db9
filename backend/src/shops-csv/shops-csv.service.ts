import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { SHOP_CSV_COLUMNS, type ShopValues } from 'contract';
import type { EntityManager } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import type { FieldError } from '../common/api-error.js';
import { TimeSlices } from '../common/event-loop-turns.js';
import { TransactionRunner } from '../database/transaction-runner.js';
import { PublicCatalog } from '../shops/public-catalog.handler.js';
import type { Shop } from '../shops/shop.entity.js';
import { ShopWriter, type StoredShop } from '../shops/shop-writer.js';
import { retryOnSlugRace, ShopsService } from '../shops/shops.service.js';
import { ImportPlanner, importCounts, knownShop, refusedReport, type PlannedRow } from './csv-import-plan.js';
import { CsvParser } from './csv-parser.js';
import type { ImportRowDto, ImportShopsResultDto } from './dto/shops-csv.dto.js';
import { shopToCsvRecord, type CsvDelimiter, type CsvRow } from './shop-csv-format.js';
import { bufferOf } from '../common/cloned-bytes.js';
import { stringifyJsonInTurns } from '../common/json-in-turns.js';

export interface ImportOptions {
  allOrNothing: boolean;
  /** Who imports (the import is logged as theirs). */
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
   * (one consistent snapshot, already in memory for the public listing), in slices of the event
   * loop (TimeSlices): the response takes whatever it is given without pushing back,
   * so 10,000 shops were otherwise written out in one go that held every other request
   * about a third of a second.
   */
  async exportRecords(): Promise<AsyncIterable<string[]>> {
    // Read before the answer starts, so that a database failure is still a JSON error.
    const { shops } = await this.shops.getCatalog();
    return (async function* () {
      yield [...SHOP_CSV_COLUMNS];
      const slices = new TimeSlices();
      for (const shop of shops) {
        await slices.turn();
        yield shopToCsvRecord(shop);
      }
    })();
  }

  /**
   * Plans and applies an import in one transaction (a dry run is `dryRun`). The answer comes as
   * its JSON, written in turns of the event loop (10,000 row reports).
   */
  async importShops(file: Buffer, options: ImportOptions): Promise<Buffer> {
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
            ...importCounts(plan.map((row) => row.report)),
            allOrNothing: options.allOrNothing,
            ...(file ? { file } : {}),
          },
        });
        return { planned: plan, applied: true, released: writes.releasedImages };
      }),
    );
    await this.writer.releaseImages(released);
    return this.answer(
      planned.map((row) => row.report),
      delimiter,
      options,
      applied,
    );
  }

  /**
   * A preview, as the answer's JSON: the file read and planned in the CSV worker against the
   * public catalogue (the directory as of the current data version), so that thousands of rows
   * never hold the event loop; here only new image references are checked with the object store.
   */
  async dryRun(file: Buffer, { allOrNothing }: Pick<ImportOptions, 'allOrNothing'>): Promise<Buffer> {
    const read = { token: randomUUID(), csv: file, allOrNothing };
    // The file is read before the directory is asked for: a file refused for its own sake (a
    // header and 200,000 empty lines) costs neither the catalogue's compressed list nor its copy.
    // A refusal throws here; otherwise the worker keeps what it read for the next step.
    if (!('needsShops' in (await this.csvParser.dryRun(read))))
      throw new Error('The CSV worker planned a dry run without the directory');
    const task = { ...read, shopsGzip: (await this.catalog.now()).shops.gzip };
    let plan = await this.csvParser.dryRun(task);
    if ('imageChecks' in plan) {
      const imageErrors: [number, FieldError[]][] = [];
      for (const { index, values, before } of plan.imageChecks) {
        const errors = await this.writer.imageProblems(
          values as Partial<ShopValues>,
          before as Partial<Shop>,
        );
        if (errors.length) imageErrors.push([index, errors]);
      }
      plan = await this.csvParser.dryRun({ ...task, imageErrors });
    }
    if (!('answer' in plan)) throw new Error('The CSV worker did not answer the dry run in its steps');
    return bufferOf(plan.answer);
  }

  /** Decides each row's fate without writing anything. */
  private async plan(manager: EntityManager, rows: CsvRow[]): Promise<PlannedRow<StoredShop>[]> {
    const planner = new ImportPlanner<StoredShop>();
    for (const stored of await this.writer.read(manager)) {
      planner.know(knownShop(stored.shop, stored, stored.categories));
    }
    const planned: PlannedRow<StoredShop>[] = [];
    for (const row of rows) {
      planned.push(planner.plan(row));
    }
    for (const [index, { values, target }] of planned.entries()) {
      if (!values) continue;
      const errors = await this.writer.imageProblems(values, target?.source.shop);
      if (errors.length) planned[index] = { report: refusedReport(planned[index].report, errors) };
    }
    return planned;
  }

  private answer(
    reports: ImportRowDto[],
    delimiter: CsvDelimiter,
    { allOrNothing }: ImportOptions,
    applied: boolean,
  ): Promise<Buffer> {
    const result: ImportShopsResultDto = {
      dryRun: false,
      allOrNothing,
      applied,
      delimiter,
      counts: importCounts(reports),
      rows: reports,
    };
    return stringifyJsonInTurns(result, 'rows');
  }
}
