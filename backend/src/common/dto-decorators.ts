import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsNotEmptyObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';

/** Text arrives with its surrounding spaces taken off (a value that is not text is left alone). */
export function Trimmed(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
}

/** An optional text of at most `max` characters, trimmed, refused with messages naming it. */
export const OptionalText = (name: string, max: number) =>
  applyDecorators(
    // The Swagger plugin reads limits from decorators it sees on the property only.
    ApiPropertyOptional({ maxLength: max }),
    MaxLength(max, { message: `${name} must be at most ${max} characters` }),
    IsString({ message: `${name} must be text` }),
    Trimmed(),
    IsOptional(),
  );

/** An optional value among `values`, refused with a message naming them (or `message`). */
export const OptionalIn = (name: string, values: readonly string[], message?: string) =>
  applyDecorators(
    IsOptional(),
    IsIn(values, { message: message ?? `${name} must be one of: ${values.join(', ')}` }),
  );

/** A required object validated as a `dto` (the same decorators, in the order they would run stacked). */
export const Nested = (dto: new () => object) => {
  const toDto = () => dto;
  return applyDecorators(Type(toDto), ValidateNested(), IsNotEmptyObject());
};
