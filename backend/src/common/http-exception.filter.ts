import {
  ArgumentsHost,
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  errorBody,
  isErrorCode,
  isFieldErrorCode,
  statusReason,
  type ErrorCode,
  type ErrorParams,
  type FieldError,
} from './api-error.js';
import { isDatabaseUnavailable } from './database-errors.js';
import type { ErrorResponseDto } from './error-response.dto.js';

/** Errors raised by Express middleware (body-parser, multer) before a route runs. */
interface MiddlewareError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

const MIDDLEWARE_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  'entity.parse.failed': { code: 'INVALID_BODY', message: 'The request body is not valid JSON' },
  'entity.too.large': {
    code: 'BODY_TOO_LARGE',
    message: 'The request body is too large (JSON bodies may be at most 1 MB)',
  },
  'encoding.unsupported': { code: 'INVALID_BODY', message: 'The request body encoding is not supported' },
  'charset.unsupported': { code: 'INVALID_BODY', message: 'The request body charset is not supported' },
  'request.aborted': { code: 'REQUEST_ABORTED', message: 'The request was aborted' },
  'entity.too.deep': { code: 'INVALID_BODY', message: 'The request body is nested too deeply' },
  'entity.not.utf8': { code: 'INVALID_BODY', message: 'The request body is not valid UTF-8' },
  'entity.forbidden.key': {
    code: 'INVALID_BODY',
    message: 'The request body must not contain the keys "__proto__", "constructor" or "prototype"',
  },
};

/** The code of an error that names none (Nest's own 404 for an unknown route, a proxy's 405...). */
const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'BODY_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
  507: 'INSUFFICIENT_STORAGE',
};

export function codeForStatus(status: number): ErrorCode {
  return CODE_BY_STATUS[status] ?? (status < 500 ? 'BAD_REQUEST' : 'INTERNAL_ERROR');
}

/** Field errors as listed by the contract; an entry without a listed code is reported as INVALID_VALUE. */
function fieldErrors(value: unknown): FieldError[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.map((entry: Partial<FieldError>) => ({
    field: String(entry.field),
    code: isFieldErrorCode(entry.code) ? entry.code : 'INVALID_VALUE',
    message: String(entry.message),
    ...(entry.params ? { params: entry.params } : {}),
  }));
}

/** Any error as `{ statusCode, code, message, error }`; an unknown one is logged and answered generically. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const response = ctx.getResponse<Response>();
    const request = ctx.getRequest<Request>();
    const body = this.toBody(exception, request);
    if (response.headersSent) {
      response.destroy();
      return;
    }
    const retryAfter = (exception as { retryAfterSeconds?: number }).retryAfterSeconds;
    if (retryAfter) response.setHeader('Retry-After', String(retryAfter));
    response.status(body.statusCode).json(body);
  }

  toBody(exception: unknown, request: Request): ErrorResponseDto {
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const payload = exception.getResponse();
      const fields = typeof payload === 'object' ? (payload as Record<string, unknown>) : {};
      let message = typeof payload === 'string' ? payload : fields.message;
      if (Array.isArray(message)) message = message.join('; ');
      let code = isErrorCode(fields.code) ? fields.code : codeForStatus(statusCode);
      // Express middleware errors arrive wrapped by Nest; their raw text may quote the input.
      const known = MIDDLEWARE_ERRORS[(exception.cause as MiddlewareError | undefined)?.type ?? ''];
      if (known) ({ code, message } = known);
      const text = typeof message === 'string' && message ? message : statusReason(statusCode);
      const params = fields.params as ErrorParams | undefined;
      return errorBody(statusCode, code, text, fieldErrors(fields.errors), params);
    }
    const middleware = exception as MiddlewareError;
    const status = middleware?.status ?? middleware?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500 && middleware.expose !== false) {
      const known = MIDDLEWARE_ERRORS[middleware.type ?? ''];
      return errorBody(status, known?.code ?? codeForStatus(status), known?.message ?? statusReason(status));
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(`${request.method} ${request.path}: database unavailable (${String(exception)})`);
      return errorBody(
        HttpStatus.SERVICE_UNAVAILABLE,
        'SERVICE_UNAVAILABLE',
        'The service is temporarily unavailable. Please try again in a moment.',
      );
    }
    this.logger.error(
      `${request.method} ${request.path}: ${exception instanceof Error ? exception.stack : String(exception)}`,
    );
    return errorBody(
      HttpStatus.INTERNAL_SERVER_ERROR,
      'INTERNAL_ERROR',
      'Something went wrong on our side. Please try again.',
    );
  }
}
