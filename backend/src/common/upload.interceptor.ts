import {
  applyDecorators,
  PayloadTooLargeException,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { Request } from 'express';
import { catchError, mergeMap, type Observable } from 'rxjs';
import type { ApiError } from './api-error.js';
import { declaredLength, MULTIPART_OVERHEAD, refuseUnread } from './unread-body.js';

/**
 * A multipart upload route: a declared body over `maxBytes()` is refused before a byte is read, and
 * multer's own limit (a body without a length) answers the same `tooLarge()`. Routes add their checks.
 */
export abstract class UploadInterceptor implements NestInterceptor {
  protected abstract maxBytes(): number;
  protected abstract tooLarge(): ApiError;

  /** More checks of the declared length, before a byte is read. */
  protected async beforeUpload(_request: Request, _declared: number): Promise<void> {}

  /** Runs once the route is over, whatever its outcome, before the answer goes out. */
  protected async afterUpload(_request: Request): Promise<void> {}

  /** Another error of the route, as it answers it. */
  protected refusal(error: unknown, _request: Request): unknown {
    return error;
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request>();
    const declared = declaredLength(request);
    if (declared !== null) {
      if (declared > this.maxBytes() + MULTIPART_OVERHEAD) throw refuseUnread(request, this.tooLarge());
      await this.beforeUpload(request, declared);
    }
    return next.handle().pipe(
      mergeMap(async (result: unknown) => {
        await this.afterUpload(request);
        return result;
      }),
      catchError(async (error: unknown) => {
        await this.afterUpload(request);
        throw error instanceof PayloadTooLargeException ? this.tooLarge() : this.refusal(error, request);
      }),
    );
  }
}

/** A route that takes one file in the multipart field `field`, through `upload` then multer. */
export const FileUpload = (upload: Type<UploadInterceptor>, field: string) =>
  applyDecorators(
    UseInterceptors(upload, FileInterceptor(field)),
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: [field],
        properties: { [field]: { type: 'string', format: 'binary' } },
      },
    }),
  );
