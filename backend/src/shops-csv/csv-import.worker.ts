import { gunzipSync } from 'node:zlib';
import { SHOP_CSV_COLUMNS } from 'contract';
import { stringify } from 'csv-stringify/sync';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { ActivityActor } from '../activity/activity-actor.js';
import { ActivityEntry } from '../activity/activity-entry.entity.js';
import { ActivityService } from '../activity/activity.service.js';
import { outcomeOf, type WorkerOutcome } from '../common/api-error.js';
import { bufferOf } from '../common/cloned-bytes.js';
import { TransactionRunner } from '../database/transaction-runner.js';
import { workerDataSource, type WorkerDatabase } from '../database/worker-data-source.js';
import type { ShopDto } from '../shops/dto/shop.dto.js';
import { Shop } from '../shops/shop.entity.js';
import { SHOP_WRITER_ENTITIES, ShopWrites } from '../shops/shop-writer.js';
import { imageProblemsOf, readStoredShops } from '../shops/stored-shops.js';
import { retryOnSlugRace } from '../shops/shops.service.js';
import { SlugOwners } from '../shops/shop-slugs.js';
import {
  importCounts,
  knownShop,
  planImportRows,
  refusedReport,
  type PlannedRow,
} from './csv-import-plan.js';
import type { ImportRowDto, ImportShopsResultDto } from './dto/shops-csv.dto.js';
import { parseShopsCsv, shopToCsvRecord, type ParsedShopsCsv } from './shop-csv-format.js';

/** The tables an import writes through the shop writer, beside the database layer's own. */
const CSV_ENTITIES = [...SHOP_WRITER_ENTITIES, ActivityEntry];

/** The object store's answers so far: an uploaded image's key and its problem (null: none). */
export type ImageAnswers = [string, string | null][];

export interface CsvTask {
  /** Names one import or dry run across its steps (the worker keeps the file it read). */
  token: string;
  csv: Uint8Array;
  allOrNothing: boolean;
  /** The object store's answers to the keys an earlier step asked about (`imageChecks`). */
  images?: ImageAnswers;
}

export interface DryRunTask extends CsvTask {
  /** The public catalogue's JSON, gzipped; absent in the first step, so a bad file never costs it. */
  shopsGzip?: Uint8Array;
}

export interface ImportTask extends CsvTask {
  database: WorkerDatabase;
  /** Who imports, and the uploaded file's name: the history's. */
  actor: ActivityActor;
  fileName?: string;
}

/** Where a task stopped: it needs the directory or the store's answers on new images, or it is done. */
export type CsvStep =
  { needsShops: true } | { imageChecks: string[] } | { answer: Uint8Array; released?: string[] };

/** The file the current task read, for its next step (the pool's one thread; else read again). */
let lastRead: { token: string; parsed: ParsedShopsCsv } | undefined;

function read({ token, csv }: CsvTask): ParsedShopsCsv {
  if (lastRead?.token !== token) {
    lastRead = undefined; // the previous file's memory is free before this one is read
    lastRead = { token, parsed: parseShopsCsv(bufferOf(csv)) };
  }
  return lastRead.parsed;
}

/** A dry run: the file read, every row planned against the catalogue, the answer's JSON written. */
export function dryRun(task: DryRunTask): Promise<WorkerOutcome<CsvStep>> {
  return stepOf(async () => {
    const parsed = read(task);
    if (!task.shopsGzip) return { needsShops: true };
    const known = (JSON.parse(gunzipSync(task.shopsGzip).toString('utf8')) as ShopDto[]).map((shop) =>
      knownShop(shop, undefined),
    );
    const planned = planImportRows(parsed.rows, known);
    const imageChecks = await refuseBadImages(planned, task.images);
    if (imageChecks.length) return { imageChecks };
    lastRead = undefined;
    return {
      answer: answerOf(parsed, planned, { dryRun: true, allOrNothing: task.allOrNothing, applied: false }),
    };
  });
}

/** One transaction on this thread's connection, write lock first: rows planned, valid ones written. */
export function importShops(task: ImportTask): Promise<WorkerOutcome<CsvStep>> {
  return stepOf(async () => {
    const parsed = read(task);
    const dataSource = await workerDataSource(task.database, CSV_ENTITIES);
    const file = task.fileName?.slice(0, 200);
    const step = await retryOnSlugRace(() =>
      new TransactionRunner(dataSource).run(async (manager): Promise<CsvStep> => {
        const stored = await readStoredShops(manager);
        const planned = planImportRows(
          parsed.rows,
          stored.map((shop) => knownShop(shop.shop, shop, shop.categories)),
        );
        const imageChecks = await refuseBadImages(planned, task.images);
        if (imageChecks.length) return { imageChecks };
        const options = { dryRun: false, allOrNothing: task.allOrNothing, applied: false };
        if (task.allOrNothing && planned.some(({ report }) => report.status === 'refused'))
          return { answer: answerOf(parsed, planned, options) };
        const writes = new ShopWrites(
          manager,
          new ActivityService(dataSource),
          task.actor,
          { via: 'import', ...(file ? { file } : {}) },
          await SlugOwners.load(manager),
        );
        for (const { report, values, target } of planned) {
          if (!values || (report.status !== 'created' && report.status !== 'updated')) continue;
          if (target) await writes.update(target.source, values);
          else report.id = (await writes.create(values)).id;
        }
        await writes.finish({
          kind: 'shops.imported',
          actor: task.actor,
          details: {
            ...importCounts(planned.map(({ report }) => report)),
            allOrNothing: task.allOrNothing,
            ...(file ? { file } : {}),
          },
        });
        return {
          answer: answerOf(parsed, planned, { ...options, applied: true }),
          released: [...writes.releasedImages],
        };
      }),
    );
    if ('answer' in step) lastRead = undefined;
    return step;
  });
}

export interface ExportTask {
  /** The public catalogue's JSON, gzipped (see DryRunTask): every shop in the directory's order. */
  shopsGzip: Uint8Array;
  delimiter: ',' | ';';
}

/** The export file: UTF-8 with a BOM (so Excel reads accents right), CRLF line ends. */
export function exportShops({ shopsGzip, delimiter }: ExportTask): Uint8Array {
  const shops = JSON.parse(gunzipSync(shopsGzip).toString('utf8')) as ShopDto[];
  const records = [[...SHOP_CSV_COLUMNS], ...shops.map(shopToCsvRecord)];
  const csv = stringify(records, { bom: true, delimiter, record_delimiter: 'windows' });
  return moved(Buffer.from(csv), (own) => own);
}

/** Refuses the rows whose new images the store found wrong; returns the keys not asked about yet. */
async function refuseBadImages<Source>(planned: PlannedRow<Source>[], answers: ImageAnswers = []) {
  const known = new Map(answers);
  const unknown = new Set<string>();
  for (const [index, { report, values, target }] of planned.entries()) {
    if (!values) continue;
    const errors = await imageProblemsOf(values, target?.current as Partial<Shop> | undefined, (key) => {
      if (!known.has(key)) unknown.add(key);
      return Promise.resolve(known.get(key) ?? null);
    });
    if (errors.length) planned[index] = { report: refusedReport(report, errors) };
  }
  return [...unknown];
}

function answerOf<Source>(
  { delimiter }: ParsedShopsCsv,
  planned: PlannedRow<Source>[],
  flags: Pick<ImportShopsResultDto, 'dryRun' | 'allOrNothing' | 'applied'>,
): Uint8Array {
  const rows: ImportRowDto[] = planned.map(({ report }) => report);
  const answer: ImportShopsResultDto = { ...flags, delimiter, counts: importCounts(rows), rows };
  return Buffer.from(JSON.stringify(answer));
}

/** The task's step as it crosses back (an answer's bytes moved), or its refusal (a bad file). */
async function stepOf(work: () => Promise<CsvStep>): Promise<WorkerOutcome<CsvStep>> {
  const outcome = await outcomeOf(work);
  if ('refused' in outcome || !('answer' in outcome.done)) return outcome;
  const step = outcome.done;
  return moved(step.answer, (answer) => ({ done: { ...step, answer } }));
}

/** `bytes` moved, not copied, to the web thread; bytes in Node's small-buffer pool are copied first. */
function moved<T extends object>(bytes: Uint8Array, valueOf: (own: Uint8Array) => T): T {
  const own =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
  const value = valueOf(own);
  return move({
    get [transferableSymbol]() {
      return [own.buffer];
    },
    get [valueSymbol]() {
      return value;
    },
  }) as unknown as T;
}
