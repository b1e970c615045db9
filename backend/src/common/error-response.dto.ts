import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ERROR_CODES, FIELD_ERROR_CODES } from 'contract';
import type { ErrorCode, ErrorParams, FieldErrorCode } from './api-error.js';

const PARAMS_SCHEMA = {
  type: 'object' as const,
  additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }] },
};

/** A field that failed validation and why, so a form can show the message beside the field. */
export class FieldErrorDto {
  /** The field's name, dotted for nested values (e.g. `categories.0`). */
  field: string;
  /** Why the field was refused: stable, for the screens to translate. */
  @ApiProperty({ enum: FIELD_ERROR_CODES, enumName: 'FieldErrorCode' })
  code: FieldErrorCode;
  /** An English sentence, for people reading the API. */
  message: string;
  /** Values the sentence names, e.g. `{ "max": 150 }` for TOO_LONG. */
  @ApiPropertyOptional({ ...PARAMS_SCHEMA, description: 'Values the sentence names, e.g. `{ "max": 150 }`' })
  params?: ErrorParams;
}

/** Every error response of the API has this shape. */
export class ErrorResponseDto {
  /** The HTTP status code, repeated for clients that only read the body. */
  statusCode: number;
  /** Why the request failed: stable and machine-readable; the screens translate it. */
  @ApiProperty({ enum: ERROR_CODES, enumName: 'ErrorCode' })
  code: ErrorCode;
  /** One English sentence for people reading the API; screens show it only for a code they do not know. */
  message: string;
  /** The HTTP reason phrase, e.g. `Bad Request`. */
  error: string;
  /** Present on validation errors: one entry per failing field. */
  errors?: FieldErrorDto[];
  /** Values the message names (e.g. `minutes` for TOO_MANY_LOGIN_ATTEMPTS). */
  @ApiPropertyOptional({
    ...PARAMS_SCHEMA,
    description: 'Values the message names, e.g. `{ "minutes": 15 }`',
  })
  params?: ErrorParams;
}

/** A response that only carries a sentence for the user. */
export class MessageDto {
  message: string;
}
