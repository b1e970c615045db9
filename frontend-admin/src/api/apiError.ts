import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ErrorResponseDto, FieldErrorDto } from 'contract/api-types';

/** An error body as it may arrive: the API's shape, or part of it from a proxy or a network failure. */
export type ApiErrorBody = Partial<ErrorResponseDto>;

export type AnyError = FetchBaseQueryError | SerializedError | { status?: unknown; data?: unknown } | unknown;

/** The API's error body of a failed call, or undefined (network failure, a proxy's HTML page). */
export function apiErrorBody(error: AnyError): ApiErrorBody | undefined {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data?: unknown }).data;
    if (data && typeof data === 'object') return data as ApiErrorBody;
  }
  return undefined;
}

/** `errors[]` of a failure, the first entry per field. */
export function apiFieldErrors(error: AnyError): FieldErrorDto[] {
  const seen = new Set<string>();
  return (apiErrorBody(error)?.errors ?? []).filter(
    (item) =>
      item &&
      typeof item.field === 'string' &&
      typeof item.code === 'string' &&
      !seen.has(item.field) &&
      seen.add(item.field),
  );
}
