import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { validationFailed, type ErrorParams, type FieldError, type FieldErrorCode } from './api-error.js';

/** Each class-validator constraint's code; a rule needing another sets `{ context: { code, params } }`. */
export const FIELD_CODE_BY_CONSTRAINT: Record<string, FieldErrorCode> = {
  isNotEmpty: 'REQUIRED',
  isDefined: 'REQUIRED',
  arrayMinSize: 'REQUIRED',
  isString: 'NOT_TEXT',
  minLength: 'TOO_SHORT',
  maxLength: 'TOO_LONG',
  isArray: 'NOT_A_LIST',
  arrayMaxSize: 'TOO_MANY',
  min: 'OUT_OF_RANGE',
  max: 'OUT_OF_RANGE',
  isInt: 'NOT_A_NUMBER',
  isIn: 'INVALID_VALUE',
  isBoolean: 'INVALID_VALUE',
  isUuid: 'INVALID_VALUE',
  arrayUnique: 'INVALID_VALUE',
  unknownValue: 'INVALID_VALUE',
  nestedValidation: 'INVALID_VALUE',
  whitelistValidation: 'UNKNOWN_FIELD',
};

interface RuleContext {
  code?: FieldErrorCode;
  params?: ErrorParams;
}

export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([constraint, message]): FieldError => {
      const context = (error.contexts?.[constraint] ?? {}) as RuleContext;
      const code = context.code ?? FIELD_CODE_BY_CONSTRAINT[constraint] ?? 'INVALID_VALUE';
      if (constraint === 'whitelistValidation') return { field, code, message: `Unknown field "${field}"` };
      return { field, code, message, ...(context.params ? { params: context.params } : {}) };
    });
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}

/** Refuses unknown fields, not dropping them, so a client's typo shows at once; `errors` lists each field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    forbidUnknownValues: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (validationErrors) => validationFailed(flattenValidationErrors(validationErrors)),
  });
}
