import { applyDecorators, Delete, HttpCode, Post } from '@nestjs/common';
import { ApiResponse, type ContentObject } from '@nestjs/swagger';
import { ErrorResponseDto } from './error-response.dto.js';

/** What each error status means in this API, unless an operation says more precisely. */
export const ERROR_DESCRIPTIONS = {
  400: 'The request is invalid: `message` says why and `errors` lists each failing field',
  401: 'No valid admin session',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflicts with the current data',
  413: 'The request body is too large',
  415: 'The request body is not of an accepted type',
  429: 'Too many attempts; Retry-After says when to try again',
  500: 'Unexpected error (logged on the server; the answer never carries its details)',
  503: 'The database cannot be reached right now; try again in a moment',
  507: 'Not enough free disk space on the server for this request',
} as const;

export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** A status with its default description, or statuses with this operation's own wording. */
export type ErrorSpec = ErrorStatus | Partial<Record<ErrorStatus, string>>;

/** Documents the error statuses of an operation or controller: `@ApiErrors(400, { 404: 'Not found' })`. */
export function ApiErrors(...specs: ErrorSpec[]) {
  const descriptions = new Map<ErrorStatus, string>();
  for (const spec of specs) {
    if (typeof spec === 'number') descriptions.set(spec, ERROR_DESCRIPTIONS[spec]);
    else
      for (const [status, text] of Object.entries(spec))
        descriptions.set(Number(status) as ErrorStatus, text);
  }
  return applyDecorators(
    ...[...descriptions].map(([status, description]) =>
      ApiResponse({ status, description, type: ErrorResponseDto }),
    ),
  );
}

/** A POST that creates nothing (an action, a check, a sign-in), so it answers 200, not Nest's 201. */
export const PostOk = (path?: string) => applyDecorators(Post(path), HttpCode(200));

/** A 204 DELETE; @ApiNoContentResponse stays on the method, else the Swagger plugin documents a 200. */
export const DeleteNoContent = (path: string) => applyDecorators(Delete(path), HttpCode(204));

/** An OpenAPI `content` of raw bytes in any of these media types (files, images). */
export function binaryContent(...mediaTypes: readonly string[]): ContentObject {
  return Object.fromEntries(
    mediaTypes.map((mediaType) => [mediaType, { schema: { type: 'string', format: 'binary' } }]),
  );
}
