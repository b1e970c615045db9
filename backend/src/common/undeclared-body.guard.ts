import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { Request } from 'express';
import { ApiError, type FieldError } from './api-error.js';

/** Whether the route's handler takes its body (a `@Body()` parameter, whose DTO the pipe checks). */
function declaresBody(context: ExecutionContext): boolean {
  const parameters: Record<string, unknown> =
    Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), context.getHandler().name) ?? {};
  return Object.keys(parameters).some((key) => key.split(':')[0] === String(RouteParamtypes.BODY));
}

/**
 * Unknown fields are refused everywhere, also where a route takes no body: the global
 * ValidationPipe checks only the parameters a handler declares, so without this a JSON body
 * sent to such a route would be taken in silence. Answers as the pipe does for an unknown field
 * (400 VALIDATION_FAILED, UNKNOWN_FIELD each). An absent body and `{}` pass; multipart bodies
 * are read later, by the route's own interceptor.
 *
 * A global guard, not an interceptor: with no interceptor at all Nest calls each handler without
 * an RxJS pipeline, a sixth of the CPU of a small public answer (bench/RESULTS.md, 2026-11-29).
 * Global guards run before a route's own, so a body sent to an admin route that takes none is
 * refused (400) before the session is asked for (401); the refusal reads only the route.
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
      if (errors.length) throw new ApiError(400, 'VALIDATION_FAILED', errors[0].message, { errors });
    }
    return true;
  }
}
