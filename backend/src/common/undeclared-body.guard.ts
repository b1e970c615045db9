import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { Request } from 'express';
import { ApiError, validationFailed, type FieldError } from './api-error.js';

/** Whether the route's handler takes its body (a `@Body()` parameter, whose DTO the pipe checks). */
function declaresBody(context: ExecutionContext): boolean {
  const parameters: Record<string, unknown> =
    Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), context.getHandler().name) ?? {};
  return Object.keys(parameters).some((key) => key.split(':')[0] === String(RouteParamtypes.BODY));
}

/**
 * Refuses unknown fields, as the pipe does, where a route takes no body (the pipe checks declared ones
 * only); an absent body and `{}` pass, multipart is read later. A guard, not an interceptor: with no
 * interceptor Nest skips RxJS on small answers. It reads only the route, so it runs before the session's.
 */
@Injectable()
export class UndeclaredBodyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const body = context.switchToHttp().getRequest<Request>().body as unknown;
    if (body !== undefined && body !== null && !Buffer.isBuffer(body) && !declaresBody(context)) {
      if (typeof body !== 'object' || Array.isArray(body))
        throw new ApiError(400, 'VALIDATION_FAILED', 'This request takes no body');
      const errors = Object.keys(body).map((field): FieldError => ({
        field,
        code: 'UNKNOWN_FIELD',
        message: `Unknown field "${field}"`,
      }));
      if (errors.length) throw validationFailed(errors);
    }
    return true;
  }
}
