import type { INestApplication } from '@nestjs/common';
import { ERROR_CODES, FIELD_ERROR_CODES } from 'contract';
import type { NextFunction, Request, Response } from 'express';

/** Error bodies a test app answered with a code outside contract's lists (checked after each suite). */
export const unlistedCodes: string[] = [];

const errorCodes = new Set<string>(ERROR_CODES);
const fieldCodes = new Set<string>(FIELD_ERROR_CODES);

function check(request: Request, body: unknown): void {
  if (!body || typeof body !== 'object') return;
  const { statusCode, code, errors } = body as { statusCode?: unknown; code?: unknown; errors?: unknown };
  if (typeof statusCode !== 'number' || statusCode < 400) return;
  const where = `${request.method} ${request.originalUrl} -> ${statusCode}`;
  if (!errorCodes.has(String(code))) unlistedCodes.push(`${where}: code ${String(code)}`);
  for (const entry of Array.isArray(errors) ? errors : []) {
    const fieldCode = (entry as { code?: unknown }).code;
    if (!fieldCodes.has(String(fieldCode))) unlistedCodes.push(`${where}: field code ${String(fieldCode)}`);
  }
}

/**
 * Watches every JSON answer of a test app, so that the whole integration suite checks that the
 * API never emits an error code the frontends cannot know (they translate contract's lists).
 */
export function watchErrorCodes(app: INestApplication): void {
  app.use((request: Request, response: Response, next: NextFunction) => {
    const json = response.json.bind(response);
    response.json = (body: unknown) => {
      check(request, body);
      return json(body);
    };
    next();
  });
}
