import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { ApiError, type FieldError } from '../../../common/api-error.js';

/**
 * For a POST that takes no body: the global ValidationPipe checks only the parameters a handler
 * declares, so a handler without a `@Body()` would take any fields in silence. This one refuses
 * them as the pipe refuses an unknown field (400 VALIDATION_FAILED, UNKNOWN_FIELD for each), and
 * leaves the OpenAPI document as it is: no body to describe. An absent body and `{}` pass.
 */
export const NoBody = createParamDecorator((_data: unknown, context: ExecutionContext): undefined => {
  const body = context.switchToHttp().getRequest<Request>().body as unknown;
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(400, 'VALIDATION_FAILED', 'This request takes no body');
  }
  const errors = Object.keys(body).map((field): FieldError => ({
    field,
    code: 'UNKNOWN_FIELD',
    message: `Unknown field "${field}"`,
  }));
  if (errors.length) throw new ApiError(400, 'VALIDATION_FAILED', errors[0].message, { errors });
  return undefined;
});
