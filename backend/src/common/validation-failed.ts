import { ApiError, type FieldError } from './api-error.js';

/** 400 VALIDATION_FAILED listing each failing field, as the validation pipe answers; the message is the first's. */
export function validationFailed(errors: FieldError[]): ApiError {
  return new ApiError(400, 'VALIDATION_FAILED', errors[0].message, { errors });
}
