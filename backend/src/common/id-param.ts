import { NotFoundException, ParseUUIDPipe } from '@nestjs/common';

/**
 * Parses a route's `{id}`. A malformed id names no record, so it is answered like an unknown
 * one (404 with the same message) instead of reaching the database.
 */
export function idParam(notFoundMessage: string): ParseUUIDPipe {
  return new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException(notFoundMessage) });
}
