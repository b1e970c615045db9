import {
  ArgumentsHost,
  Catch,
  HttpException,
  HttpStatus,
  Logger,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { STATUS_CODES } from 'node:http';
import { isDatabaseUnavailable } from './database-errors.js';
import type { ErrorResponseDto, FieldErrorDto } from './error-response.dto.js';

/** Errors raised by Express middleware (body-parser, multer) before a route runs. */
interface MiddlewareError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

const MIDDLEWARE_MESSAGES: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON',
  'entity.too.large': 'The request body is too large (JSON bodies may be at most 1 MB)',
  'encoding.unsupported': 'The request body encoding is not supported',
  'charset.unsupported': 'The request body charset is not supported',
  'request.aborted': 'The request was aborted',
  'entity.too.deep': 'The request body is nested too deeply',
  'entity.not.utf8': 'The request body is not valid UTF-8',
  'entity.forbidden.key':
    'The request body must not contain the keys "__proto__", "constructor" or "prototype"',
};

/**
 * The one place that turns any error into `{ statusCode, message, error }`. Known errors keep
 * their message; anything else is logged here and answered with a generic sentence, so stack
 * traces and SQL never reach a client.
 */
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
      const errors =
        typeof payload === 'object' ? (payload as { errors?: FieldErrorDto[] }).errors : undefined;
      let message = typeof payload === 'string' ? payload : (payload as { message?: unknown }).message;
      if (Array.isArray(message)) message = message.join('; ');
      // Express middleware errors arrive wrapped by Nest; their raw text may quote the input.
      const causeType = (exception.cause as MiddlewareError | undefined)?.type;
      if (causeType && MIDDLEWARE_MESSAGES[causeType]) message = MIDDLEWARE_MESSAGES[causeType];
      return {
        statusCode,
        message: typeof message === 'string' && message ? message : reason(statusCode),
        error: reason(statusCode),
        ...(errors ? { errors } : {}),
      };
    }
    const middleware = exception as MiddlewareError;
    const status = middleware?.status ?? middleware?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500 && middleware.expose !== false) {
      const message = (middleware.type && MIDDLEWARE_MESSAGES[middleware.type]) || reason(status);
      return { statusCode: status, message, error: reason(status) };
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(`${request.method} ${request.path}: database unavailable (${String(exception)})`);
      return {
        statusCode: HttpStatus.SERVICE_UNAVAILABLE,
        message: 'The service is temporarily unavailable. Please try again in a moment.',
        error: reason(HttpStatus.SERVICE_UNAVAILABLE),
      };
    }
    this.logger.error(
      `${request.method} ${request.path}: ${exception instanceof Error ? exception.stack : String(exception)}`,
    );
    return {
      statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
      message: 'Something went wrong on our side. Please try again.',
      error: reason(HttpStatus.INTERNAL_SERVER_ERROR),
    };
  }
}

function reason(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}
