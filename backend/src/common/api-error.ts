import { HttpException } from '@nestjs/common';
import { ERROR_CODES, FIELD_ERROR_CODES } from 'contract';
import { STATUS_CODES } from 'node:http';

/** A stable, machine-readable reason for an error response (contract/src/constants.js). */
export type ErrorCode = (typeof ERROR_CODES)[number];
/** Why one field was refused. */
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];
/** Values a translated sentence needs (`max`, `minutes`...). */
export type ErrorParams = Record<string, string | number>;

export interface FieldError {
  field: string;
  code: FieldErrorCode;
  message: string;
  params?: ErrorParams;
}

const ERROR_CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES);
const FIELD_ERROR_CODE_SET: ReadonlySet<string> = new Set(FIELD_ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && ERROR_CODE_SET.has(value);
}

export function isFieldErrorCode(value: unknown): value is FieldErrorCode {
  return typeof value === 'string' && FIELD_ERROR_CODE_SET.has(value);
}

/** The reason phrase of an HTTP status ("Forbidden"), as the error body's `error`. */
export function statusReason(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/** The one error body of this API (ErrorResponseDto), in its key order. */
export function errorBody(
  statusCode: number,
  code: ErrorCode,
  message: string,
  errors?: FieldError[],
  params?: ErrorParams,
) {
  const error = statusReason(statusCode);
  return { statusCode, code, message, error, ...(errors ? { errors } : {}), ...(params ? { params } : {}) };
}

/** A refusal a client should understand: a status, a stable code screens translate, an English sentence. */
export class ApiError extends HttpException {
  constructor(
    status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details: { errors?: FieldError[]; params?: ErrorParams } = {},
  ) {
    super({ message, code, ...details }, status);
  }
}

/** An ApiError as plain data, to cross between threads (a structured copy keeps no class). */
export interface ApiRefusal {
  status: number;
  code: ErrorCode;
  message: string;
  details: { errors?: FieldError[]; params?: ErrorParams };
}

/** The refusal of `error`, as a worker hands it back. */
export function refusalOf(error: ApiError): ApiRefusal {
  return { status: error.getStatus(), code: error.code, message: error.message, details: error.details };
}

/** The ApiError a worker's refusal was, to throw again on the web server's thread. */
export function apiErrorOf({ status, code, message, details }: ApiRefusal): ApiError {
  return new ApiError(status, code, message, details);
}

/** What a worker's task answers: its result, or the refusal it threw. */
export type WorkerOutcome<T> = { done: T } | { refused: ApiRefusal };

/** Runs a worker's task: an ApiError comes back as its refusal; any other error is thrown. */
export async function outcomeOf<T>(work: () => Promise<T>): Promise<WorkerOutcome<T>> {
  try {
    return { done: await work() };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { refused: refusalOf(error) };
  }
}

/** The worker's result, or its refusal thrown again as the ApiError it was. */
export function doneOf<T>(outcome: WorkerOutcome<T>): T {
  if ('refused' in outcome) throw apiErrorOf(outcome.refused);
  return outcome.done;
}

/** A refusal about one field, so a form shows it beside that field. */
export function fieldError(
  status: number,
  code: ErrorCode,
  field: { field: string; code: FieldErrorCode; params?: ErrorParams },
  message: string,
): ApiError {
  return new ApiError(status, code, message, { errors: [{ ...field, message }] });
}

/** 400 VALIDATION_FAILED listing each failing field, as the validation pipe answers; the message is the first's. */
export function validationFailed(errors: FieldError[]): ApiError {
  return new ApiError(400, 'VALIDATION_FAILED', errors[0]?.message ?? 'Invalid request', { errors });
}

/** A refusal about one field whose code is the refusal's own; `params` go on both. */
export function fieldRefusal(
  status: number,
  code: ErrorCode & FieldErrorCode,
  field: string,
  message: string,
  params?: ErrorParams,
): ApiError {
  const errors = [{ field, code, message, ...(params ? { params } : {}) }];
  return new ApiError(status, code, message, { errors, ...(params ? { params } : {}) });
}
