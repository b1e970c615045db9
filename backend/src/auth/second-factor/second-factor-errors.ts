import { ApiError, fieldRefusal } from '../../common/api-error.js';

/** A code (from the app, or a recovery code) that does not match, or was already used. */
export function invalidSecondFactor(): ApiError {
  return fieldRefusal(400, 'SECOND_FACTOR_INVALID', 'code', 'The code is not valid, or was already used');
}

/** A second step without a recent password (or for an account gone since). */
export function noSecondFactorPending(): ApiError {
  return new ApiError(401, 'NO_SECOND_FACTOR_PENDING', 'Log in with your password first');
}

/** Removing the account's last factor while the policy requires one. */
export function lastSecondFactor(): ApiError {
  return new ApiError(
    409,
    'LAST_SECOND_FACTOR',
    'A second factor is required for every administrator: add another before removing this one',
  );
}
