import type { Request } from 'express';

/** Room for the multipart envelope around an uploaded file. */
export const MULTIPART_OVERHEAD = 64 * 1024;

/** The body's declared length (Content-Length), or null when it has none. */
export function declaredLength(request: Request): number | null {
  const declared = Number(request.headers['content-length']);
  return Number.isFinite(declared) ? declared : null;
}

/** `refusal`, once the body is no longer read and the connection closes after the answer. */
export function refuseUnread<T>(request: Request, refusal: T): T {
  request.pause();
  request.res?.setHeader('Connection', 'close');
  return refusal;
}
