import { ApiError, type ErrorCode, type ErrorParams, type FieldError } from '../common/api-error.js';
import { parseShopsCsv, type ParsedShopsCsv } from './shop-csv-format.js';

/** A refusal as it crosses back from the worker (an ApiError does not survive the copy). */
export interface CsvRefusal {
  status: number;
  code: ErrorCode;
  message: string;
  details: { errors?: FieldError[]; params?: ErrorParams };
}

export type CsvParseOutcome = { parsed: ParsedShopsCsv } | { refused: CsvRefusal };

/** Runs in a worker of CsvParser's pool: reads an import file off the web server's event loop. */
export default function parseInWorker(bytes: Uint8Array): CsvParseOutcome {
  try {
    return { parsed: parseShopsCsv(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      refused: {
        status: error.getStatus(),
        code: error.code,
        message: error.message,
        details: error.details,
      },
    };
  }
}
