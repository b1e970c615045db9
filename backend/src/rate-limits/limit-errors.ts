import { ApiError, type ErrorCode, type ErrorParams } from '../common/api-error.js';

// For people reading the API; the screens translate the codes TOO_MANY_REQUESTS and TOO_MANY_UPLOADS.
export const TOO_MANY_SUBMISSIONS = 'Too many submissions in a short time. Please try again later.';
export const TOO_MANY_UPLOADS =
  'Too many image uploads in a short time. Please wait a few minutes and try again.';

/** A spent limit's 429; the exception filter turns `retryAfterSeconds` into Retry-After. */
export class TooManyAttemptsException extends ApiError {
  constructor(
    readonly retryAfterSeconds: number,
    code: ErrorCode,
    message: string,
    params?: ErrorParams,
  ) {
    super(429, code, message, params ? { params } : {});
  }
}

export function tooManyLoginAttempts(retryAfterSeconds: number): TooManyAttemptsException {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new TooManyAttemptsException(
    retryAfterSeconds,
    'TOO_MANY_LOGIN_ATTEMPTS',
    `Too many failed login attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    { minutes },
  );
}

export const tooManySubmissions = (retryAfterSeconds: number) =>
  new TooManyAttemptsException(retryAfterSeconds, 'TOO_MANY_REQUESTS', TOO_MANY_SUBMISSIONS);

export const tooManyUploads = (retryAfterSeconds: number) =>
  new TooManyAttemptsException(retryAfterSeconds, 'TOO_MANY_UPLOADS', TOO_MANY_UPLOADS);
