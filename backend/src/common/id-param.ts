import { ParseUUIDPipe, type HttpException } from '@nestjs/common';

/** Parses a route's `{id}`; a malformed id is answered like an unknown one, without reaching the database. */
export function idParam(notFound: () => HttpException): ParseUUIDPipe {
  return new ParseUUIDPipe({ exceptionFactory: notFound });
}
