import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ErrorResponseDto } from 'contract/api-types';

/** An error body as it may arrive: the API's shape, or part of it from a proxy or a network failure. */
type ApiErrorBody = Partial<ErrorResponseDto>;

type AnyError = FetchBaseQueryError | SerializedError | { status?: unknown; data?: unknown } | unknown;

function body(error: AnyError): ApiErrorBody | undefined {
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data?: unknown }).data;
    if (data && typeof data === 'object') return data as ApiErrorBody;
  }
  return undefined;
}

/** The HTTP status of a failed call, or undefined for network and parsing failures. */
export function errorStatus(error: AnyError): number | undefined {
  if (error && typeof error === 'object' && 'status' in error) {
    const status = (error as { status?: unknown }).status;
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

/**
 * The server's `message` of a failed call (shown as is, spec section 8), or undefined when
 * the body has none (network failure, proxy error page): the screen then uses its fallback.
 */
export function apiErrorMessage(error: AnyError): string | undefined {
  const message = body(error)?.message;
  if (Array.isArray(message)) return message.filter((m) => typeof m === 'string').join(' ') || undefined;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** `errors[]` of a validation failure, by field (the first message per field). */
export function apiFieldErrors(error: AnyError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const item of body(error)?.errors ?? []) {
    if (
      item &&
      typeof item.field === 'string' &&
      typeof item.message === 'string' &&
      !(item.field in result)
    ) {
      result[item.field] = item.message;
    }
  }
  return result;
}
