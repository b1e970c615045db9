/** Error codes of drivers and pools meaning "the database cannot be reached right now". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_SERVER_GONE_ERROR',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
]);

/** The driver's error code, on the error or on the TypeORM error that wraps it. */
export function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, driverError } = error as { code?: unknown; driverError?: unknown };
  if (typeof code === 'string') return code;
  return driverError ? codeOf(driverError) : undefined;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = codeOf(error);
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return /Pool is closed|connection is in closed state|Can't add new command when connection is in closed state/i.test(
    message,
  );
}

/** A unique index refused a duplicate (two racing inserts, or a taken username). */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return (
    code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

/** `work`, a unique index's refusal of a duplicate thrown as `instead()`. */
export const duplicateAs = <T>(work: Promise<T>, instead: () => Error): Promise<T> =>
  work.catch((error: unknown) => {
    throw isUniqueViolation(error) ? instead() : error;
  });
