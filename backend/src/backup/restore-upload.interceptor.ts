import {
  Inject,
  Injectable,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request } from 'express';
import { statfs } from 'node:fs/promises';
import { catchError, mergeMap, type Observable } from 'rxjs';
import { ApiError } from '../common/api-error.js';
import { declaredLength, MULTIPART_OVERHEAD, refuseUnread } from '../common/unread-body.js';
import type { AppConfig } from '../config/app.config.js';
import { APP_CONFIG } from '../config/config.token.js';
import { humanSize } from './backup-format.js';
import { removeRestoreUpload } from './restore-upload-folder.js';

export function tooLarge(limit: number): ApiError {
  const max = humanSize(limit).replace(' ', '');
  return new ApiError(413, 'BACKUP_FILE_TOO_LARGE', `File Too Large: the maximum file size is ${max}`, {
    params: { max, maxBytes: limit },
  });
}

/** 507: the disk under DATA_DIR cannot hold the upload and what the restore writes from it. */
export function notEnoughSpace(needed: number, free: number): ApiError {
  return new ApiError(
    507,
    'INSUFFICIENT_STORAGE',
    `Not enough free disk space to restore this file: it needs ${humanSize(needed)} free and the server has ${humanSize(free)}. Free some space and try again.`,
    { params: { needed: humanSize(needed), free: humanSize(free) } },
  );
}

/**
 * Wraps a restore's multipart upload: a declared size over the limit or over the free space
 * (RESTORE_FREE_SPACE_FACTOR times it) is refused unread, multer's own limit answered the same;
 * the uploaded file is removed before the answer goes out, whatever the outcome.
 */
@Injectable()
export class RestoreUploadInterceptor implements NestInterceptor {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request>();
    const declared = declaredLength(request);
    const limit = this.config.restoreMaxBytes;
    if (declared !== null && declared > limit + MULTIPART_OVERHEAD)
      throw refuseUnread(request, tooLarge(limit));
    // The upload and (local storage) its images go under DATA_DIR: a restore must not fill the disk.
    if (declared !== null) {
      const needed = declared * this.config.storageQuotas.restoreFreeSpaceFactor;
      const { bavail, bsize } = await statfs(this.config.dataDir);
      if (bavail * bsize < needed) throw refuseUnread(request, notEnoughSpace(needed, bavail * bsize));
    }
    const removeUpload = async () => {
      if (request.file) await removeRestoreUpload(request.file.path);
    };
    return next.handle().pipe(
      mergeMap(async (result: unknown) => {
        await removeUpload();
        return result;
      }),
      catchError(async (error: unknown) => {
        await removeUpload();
        // Multer's own limit: the same answer as a declared size over the limit.
        if (error instanceof PayloadTooLargeException) throw tooLarge(limit);
        // Multer's word for a client that went away mid-upload: not a server error to log.
        if (request.destroyed && (error as Error).message === 'Request aborted')
          throw new ApiError(400, 'REQUEST_ABORTED', 'The request was aborted');
        throw error;
      }),
    );
  }
}
