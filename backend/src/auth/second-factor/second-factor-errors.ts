import { fieldError, type ApiError } from '../../common/api-error.js';

/** A code (from the app, or a recovery code) that does not match, or was already used. */
export function invalidSecondFactor(): ApiError {
  return fieldError(
    400,
    'SECOND_FACTOR_INVALID',
    { field: 'code', code: 'SECOND_FACTOR_INVALID' },
    'The code is not valid, or was already used',
  );
}
