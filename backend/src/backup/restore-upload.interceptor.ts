import {
  Inject,
  Injectable,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request } from 'express';
import { catchError, type Observable } from 'rxjs';
import type { AppConfig } from '../config/app.config.js';
import { APP_CONFIG } from '../config/config.token.js';
import { humanSize } from './backup-format.js';

/** Room for the multipart envelope around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

export function tooLarge(limit: number): PayloadTooLargeException {
  return new PayloadTooLargeException(
    `File Too Large: the maximum file size is ${humanSize(limit).replace(' ', '')}`,
  );
}

/**
 * Wraps the multipart upload of a restore: a declared size over the limit is refused before a
 * byte is read, and multer's own limit (for bodies without a length) gets the same message.
 */
@Injectable()
export class RestoreUploadInterceptor implements NestInterceptor {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const declared = Number(request.headers['content-length']);
    const limit = this.config.restoreMaxBytes;
    if (Number.isFinite(declared) && declared > limit + MULTIPART_OVERHEAD) {
      request.pause();
      request.res?.setHeader('Connection', 'close');
      throw tooLarge(limit);
    }
    return next.handle().pipe(
      catchError((error: unknown) => {
        throw error instanceof PayloadTooLargeException ? tooLarge(limit) : error;
      }),
    );
  }
}
