import {
  BadRequestException,
  Injectable,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request } from 'express';
import { CSV_IMPORT_MAX_BYTES } from 'contract';
import { catchError, type Observable } from 'rxjs';
import { ApiError } from '../common/api-error.js';
import { declaredLength, MULTIPART_OVERHEAD, refuseUnread } from '../common/unread-body.js';

/** The multipart form field that carries the CSV file. */
export const CSV_FILE_FIELD = 'file';

const MAX_MB = `${CSV_IMPORT_MAX_BYTES / (1024 * 1024)}MB`;

export function csvTooLarge(): ApiError {
  return new ApiError(413, 'CSV_FILE_TOO_LARGE', `File Too Large: a CSV import may be at most ${MAX_MB}`, {
    params: { max: MAX_MB, maxBytes: CSV_IMPORT_MAX_BYTES },
  });
}

export function csvFileMissing(): ApiError {
  return new ApiError(400, 'CSV_FILE_MISSING', `Please choose a CSV file (form field "${CSV_FILE_FIELD}")`);
}

/**
 * Wraps the multipart upload of an import (kept in memory: it is small): a declared size over
 * the limit is refused before a byte is read, and multer's own refusals (over the limit, a
 * file under another field name) get the import's error codes.
 */
@Injectable()
export class CsvUploadInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    if ((declaredLength(request) ?? 0) > CSV_IMPORT_MAX_BYTES + MULTIPART_OVERHEAD)
      throw refuseUnread(request, csvTooLarge());
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (error instanceof PayloadTooLargeException) throw csvTooLarge();
        // Multer's "Unexpected field": a file sent under another name than `file`.
        if (error instanceof BadRequestException && !(error instanceof ApiError)) throw csvFileMissing();
        throw error;
      }),
    );
  }
}
