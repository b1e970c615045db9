import { gunzipSync } from 'node:zlib';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { ShopDto } from '../shops/dto/shop.dto.js';
import { objectKeyOf } from '../shops/shop.rules.js';
import { ApiError, type ErrorCode, type ErrorParams, type FieldError } from '../common/api-error.js';
import { importCounts, knownShop, planImportRows, refusedReport } from './csv-import-plan.js';
import type { ImportShopsResultDto } from './dto/shops-csv.dto.js';
import { parseShopsCsv, type ParsedShopsCsv } from './shop-csv-format.js';
import { bufferOf } from '../common/cloned-bytes.js';

/** A refusal as it crosses back from the worker (an ApiError does not survive the copy). */
export interface CsvRefusal {
  status: number;
  code: ErrorCode;
  message: string;
  details: { errors?: FieldError[]; params?: ErrorParams };
}

/**
 * A read file as it crosses back: the rows as one line of JSON each, in bytes handed over rather
 * than copied. 10,000 rows as objects took 20-80 ms to rebuild on the web server's thread, in one
 * piece (the structured clone); lines are read there a few at a time (CsvParser).
 */
export type PackedShopsCsv = Omit<ParsedShopsCsv, 'rows'> & { rows: Uint8Array };

export type CsvParseOutcome = { parsed: PackedShopsCsv } | { refused: CsvRefusal };

type ImageFields = Partial<Record<'logo' | 'mapImageUrl', string | null>>;

/** A row whose new image references the object store must confirm before the row stands. */
export interface PendingImageCheck {
  /** Index of the row in `rows`. */
  index: number;
  values: ImageFields;
  /** The shop's current references (an unchanged reference needs no check). */
  before?: ImageFields;
}

export interface DryRunTask {
  /** Names one dry run across its steps: the worker keeps the file it read for the next step. */
  token: string;
  csv: Uint8Array;
  /**
   * The public catalogue's JSON (every shop, one consistent snapshot), gzipped as it is kept: the
   * worker inflates it, not the web server (10 MB at 10,000 shops, and its copy into the task).
   * Absent in the first step, which only reads the file: a file refused for its own sake (a
   * flood of empty lines, a missing column) never costs the directory's list.
   */
  shopsGzip?: Uint8Array;
  allOrNothing: boolean;
  /** The object store's answers to a first run's `imageChecks`: row index, that row's errors. */
  imageErrors?: [number, FieldError[]][];
}

/**
 * The file was read and the directory is needed next, or the new image references to check
 * first, or the answer as JSON once nothing is left to check.
 */
export type DryRunPlan = { needsShops: true } | { imageChecks: PendingImageCheck[] } | { answer: Uint8Array };

export type CsvDryRunOutcome = { planned: DryRunPlan } | { refused: CsvRefusal };

const IMAGE_FIELDS = ['logo', 'mapImageUrl'] as const;

function refusalOf(error: unknown): { refused: CsvRefusal } {
  if (!(error instanceof ApiError)) throw error;
  return {
    refused: { status: error.getStatus(), code: error.code, message: error.message, details: error.details },
  };
}

/** Runs in a worker of CsvParser's pool: reads an import file off the web server's event loop. */
export default function parseInWorker(bytes: Uint8Array): CsvParseOutcome {
  try {
    const { rows, ...file } = parseShopsCsv(bufferOf(bytes));
    const lines = Buffer.from(rows.map((row) => JSON.stringify(row)).join('\n'));
    return moved(lines, (own) => ({ parsed: { ...file, rows: own } }));
  } catch (error) {
    return refusalOf(error);
  }
}

/**
 * The file the current dry run read, for its next step (the pool has one thread, so the next step
 * comes here; were the thread replaced in between, the file is read again). One entry: a new dry
 * run replaces it, and its answer drops it.
 */
let lastRead: { token: string; parsed: ParsedShopsCsv } | undefined;

/**
 * A dry run, whole, in the worker: reads the file, plans every row against the directory and
 * writes the answer's JSON, so that neither the rows nor the shops nor the report are built on
 * the web server's event loop. It goes in steps: the file is read first, without the directory
 * (`needsShops`); rows pointing to newly uploaded images are then sent back to be checked against
 * the object store; the task then runs again with the store's answers.
 */
export function dryRun({ token, csv, shopsGzip, allOrNothing, imageErrors }: DryRunTask): CsvDryRunOutcome {
  let parsed = lastRead?.token === token ? lastRead.parsed : undefined;
  if (!parsed) {
    lastRead = undefined;
    try {
      parsed = parseShopsCsv(bufferOf(csv));
    } catch (error) {
      return refusalOf(error);
    }
  }
  lastRead = { token, parsed };
  if (!shopsGzip) return { planned: { needsShops: true } };
  const known = (JSON.parse(gunzipSync(shopsGzip).toString('utf8')) as ShopDto[]).map((shop) =>
    knownShop(shop, undefined),
  );
  const planned = planImportRows(parsed.rows, known);
  if (!imageErrors) {
    const imageChecks: PendingImageCheck[] = [];
    for (const [index, { values, target }] of planned.entries()) {
      if (!values) continue;
      const before = target?.current as ImageFields | undefined;
      if (IMAGE_FIELDS.some((field) => objectKeyOf(values[field]) && values[field] !== before?.[field])) {
        imageChecks.push({
          index,
          values: { logo: values.logo, mapImageUrl: values.mapImageUrl },
          ...(before ? { before: { logo: before.logo, mapImageUrl: before.mapImageUrl } } : {}),
        });
      }
    }
    if (imageChecks.length) return { planned: { imageChecks } };
  }
  lastRead = undefined;
  const rows = planned.map((row) => row.report);
  for (const [index, errors] of imageErrors ?? []) rows[index] = refusedReport(rows[index], errors);
  const answer: ImportShopsResultDto = {
    dryRun: true,
    allOrNothing,
    applied: false,
    delimiter: parsed.delimiter,
    counts: importCounts(rows),
    rows,
  };
  return moved(Buffer.from(JSON.stringify(answer)), (own) => ({ planned: { answer: own } }));
}

/**
 * An outcome holding `bytes`, which are handed over to the web server's thread rather than copied
 * (several MB for 10,000 rows: the copy, on that thread, held its event loop). Bytes that share
 * their memory with others (Node's pool of small buffers) are copied into memory of their own first.
 */
function moved<T extends object>(bytes: Buffer, outcomeOf: (own: Uint8Array) => T): T {
  const own =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
  const outcome = outcomeOf(own);
  return move({
    get [transferableSymbol]() {
      return [own.buffer];
    },
    get [valueSymbol]() {
      return outcome;
    },
  }) as unknown as T;
}
