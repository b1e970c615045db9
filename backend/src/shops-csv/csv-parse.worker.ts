import { SHOP_FIELD_NAMES } from 'contract';
import type { ShopDto } from '../shops/dto/shop.dto.js';
import { objectKeyOf } from '../shops/shop.rules.js';
import { ApiError, type ErrorCode, type ErrorParams, type FieldError } from '../common/api-error.js';
import { planImportRows } from './csv-import-plan.js';
import type { ImportRowDto } from './dto/shops-csv.dto.js';
import { parseShopsCsv, type CsvDelimiter, type ParsedShopsCsv } from './shop-csv-format.js';

/** A refusal as it crosses back from the worker (an ApiError does not survive the copy). */
export interface CsvRefusal {
  status: number;
  code: ErrorCode;
  message: string;
  details: { errors?: FieldError[]; params?: ErrorParams };
}

export type CsvParseOutcome = { parsed: ParsedShopsCsv } | { refused: CsvRefusal };

type ImageFields = Partial<Record<'logo' | 'mapImageUrl', string | null>>;

/** A row whose new image references the object store must confirm before the row stands. */
export interface PendingImageCheck {
  /** Index of the row in `rows`. */
  index: number;
  values: ImageFields;
  /** The shop's current references (an unchanged reference needs no check). */
  before?: ImageFields;
}

export interface DryRunPlan {
  delimiter: CsvDelimiter;
  rows: ImportRowDto[];
  imageChecks: PendingImageCheck[];
}

export type CsvDryRunOutcome = { planned: DryRunPlan } | { refused: CsvRefusal };

const IMAGE_FIELDS = ['logo', 'mapImageUrl'] as const;

function refusalOf(error: unknown): { refused: CsvRefusal } {
  if (!(error instanceof ApiError)) throw error;
  return {
    refused: { status: error.getStatus(), code: error.code, message: error.message, details: error.details },
  };
}

const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Runs in a worker of CsvParser's pool: reads an import file off the web server's event loop. */
export default function parseInWorker(bytes: Uint8Array): CsvParseOutcome {
  try {
    return { parsed: parseShopsCsv(bufferOf(bytes)) };
  } catch (error) {
    return refusalOf(error);
  }
}

/**
 * A dry run, whole, in the worker: reads the file and plans every row against the directory
 * (`shops`: the public catalogue's JSON, one consistent snapshot), so that neither the rows
 * nor the shops nor the report are built on the web server's event loop.
 */
export function dryRun({ csv, shops }: { csv: Uint8Array; shops: Uint8Array }): CsvDryRunOutcome {
  let parsed: ParsedShopsCsv;
  try {
    parsed = parseShopsCsv(bufferOf(csv));
  } catch (error) {
    return refusalOf(error);
  }
  const known = (JSON.parse(bufferOf(shops).toString('utf8')) as ShopDto[]).map((shop) => ({
    id: shop.id,
    current: Object.fromEntries(SHOP_FIELD_NAMES.map((field) => [field, shop[field as keyof ShopDto]])),
    source: undefined,
  }));
  const planned = planImportRows(parsed.rows, known);
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
  return { planned: { delimiter: parsed.delimiter, rows: planned.map((row) => row.report), imageChecks } };
}
