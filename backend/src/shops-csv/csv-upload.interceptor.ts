import { BadRequestException, Injectable } from '@nestjs/common';
import { CSV_IMPORT_MAX_BYTES } from 'contract';
import { ApiError } from '../common/api-error.js';
import { UploadInterceptor } from '../common/upload.interceptor.js';

export const CSV_FILE_FIELD = 'file';

const MAX_MB = `${CSV_IMPORT_MAX_BYTES / (1024 * 1024)}MB`;

export function csvFileMissing(): ApiError {
  return new ApiError(400, 'CSV_FILE_MISSING', `Please choose a CSV file (form field "${CSV_FILE_FIELD}")`);
}

/** The multipart upload of an import (kept in memory: it is small), with the import's error codes. */
@Injectable()
export class CsvUploadInterceptor extends UploadInterceptor {
  protected maxBytes(): number {
    return CSV_IMPORT_MAX_BYTES;
  }

  protected tooLarge(): ApiError {
    return new ApiError(413, 'CSV_FILE_TOO_LARGE', `File Too Large: a CSV import may be at most ${MAX_MB}`, {
      params: { max: MAX_MB, maxBytes: CSV_IMPORT_MAX_BYTES },
    });
  }

  // Multer's "Unexpected field": a file sent under another name than `file`.
  protected override refusal(error: unknown): unknown {
    return error instanceof BadRequestException && !(error instanceof ApiError) ? csvFileMissing() : error;
  }
}
