import { ParseUUIDPipe, type HttpException } from '@nestjs/common';

/**
 * Parses a route's `{id}`. A malformed id names no record, so it is answered like an unknown
 * one (404 with the same code and message) instead of reaching the database.
 */
export function idParam(notFound: () => HttpException): ParseUUIDPipe {
  return new ParseUUIDPipe({ exceptionFactory: notFound });
}
