import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { statfs } from 'node:fs/promises';
import { ApiError } from '../common/api-error.js';
import { refuseUnread } from '../common/unread-body.js';
import { UploadInterceptor } from '../common/upload.interceptor.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
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
 * A restore's multipart upload: also refused unread when the disk lacks RESTORE_FREE_SPACE_FACTOR
 * times its size; the uploaded file is removed before the answer goes out, whatever the outcome.
 */
@Injectable()
export class RestoreUploadInterceptor extends UploadInterceptor {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  protected maxBytes(): number {
    return this.config.restoreMaxBytes;
  }

  protected tooLarge(): ApiError {
    return tooLarge(this.config.restoreMaxBytes);
  }

  // The upload and (local storage) its images go under DATA_DIR: a restore must not fill the disk.
  protected override async beforeUpload(request: Request, declared: number): Promise<void> {
    const needed = declared * this.config.storageQuotas.restoreFreeSpaceFactor;
    const { bavail, bsize } = await statfs(this.config.dataDir);
    if (bavail * bsize < needed) throw refuseUnread(request, notEnoughSpace(needed, bavail * bsize));
  }

  protected override async afterUpload(request: Request): Promise<void> {
    if (request.file) await removeRestoreUpload(request.file.path);
  }

  // Multer's word for a client that went away mid-upload: not a server error to log.
  protected override refusal(error: unknown, request: Request): unknown {
    return request.destroyed && (error as Error).message === 'Request aborted'
      ? new ApiError(400, 'REQUEST_ABORTED', 'The request was aborted')
      : error;
  }
}
