import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** No request of this API nests deeper than a few levels; 32 leaves ample room. */
export const MAX_JSON_DEPTH = 32;
/** Keys that can reach an object's prototype through naive merging or class-transformer. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function bodyError(type: string): Error {
  return Object.assign(new Error(type), { status: 400, statusCode: 400, expose: true, type });
}

/** The charset a request declares for its body, UTF-8 when it declares none (as JSON is). */
function declaredCharset(request: IncomingMessage): string {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '');
  return (match?.[1] ?? 'utf-8').toLowerCase();
}

/**
 * Refuses, before express.json parses it, a body with bytes that are not UTF-8 (they would be stored as
 * replacement characters), nesting over MAX_JSON_DEPTH (a stack overflow further on) or prototype keys.
 */
export function guardJsonBody(request: IncomingMessage, _response: ServerResponse, body: Buffer): void {
  if (['utf-8', 'utf8'].includes(declaredCharset(request)) && !isUtf8(body))
    throw bodyError('entity.not.utf8');
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (byte === 0x7b || byte === 0x5b) {
      if (++depth > MAX_JSON_DEPTH) throw bodyError('entity.too.deep');
    } else if (byte === 0x7d || byte === 0x5d) {
      depth--;
    } else if (byte === 0x22) {
      const start = i + 1;
      for (i = start; i < body.length && body[i] !== 0x22; i++) if (body[i] === 0x5c) i++;
      let next = i + 1;
      while (
        next < body.length &&
        (body[next] === 0x20 || body[next] === 0x0a || body[next] === 0x0d || body[next] === 0x09)
      )
        next++;
      if (body[next] === 0x3a && i - start <= 64) {
        let key: string;
        try {
          key = JSON.parse(`"${body.subarray(start, i).toString('utf8')}"`) as string;
        } catch {
          continue; // not valid JSON: the parser will say so
        }
        if (FORBIDDEN_KEYS.has(key)) throw bodyError('entity.forbidden.key');
      }
    }
  }
}
