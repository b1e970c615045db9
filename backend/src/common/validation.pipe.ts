import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import type { FieldErrorDto } from './error-response.dto.js';

function flatten(errors: ValidationError[], parent = ''): FieldErrorDto[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

/**
 * Unknown fields are refused (not silently dropped) so a typo in a client is seen at once;
 * the first message becomes `message`, and every field's message is listed in `errors`.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    forbidUnknownValues: true,
    stopAtFirstError: true,
    validationError: { target: false, value: false },
    exceptionFactory: (validationErrors) => {
      const errors = flatten(validationErrors).map((entry) =>
        entry.message.endsWith('should not exist')
          ? { field: entry.field, message: `Unknown field "${entry.field}"` }
          : entry,
      );
      return new BadRequestException({ message: errors[0]?.message ?? 'Invalid request', errors });
    },
  });
}
