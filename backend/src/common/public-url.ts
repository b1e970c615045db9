import type { Application, Request } from 'express';
import { LRUCache } from 'lru-cache';

const PUBLIC_URL_KEY = 'atm.publicUrl';
/** A Host header worth echoing into a URL: a name or an IP literal, and a port. */
const PLAIN_HOST = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Remembers PUBLIC_URL on the Express app, for publicOrigin (configureApp calls this once). */
export function setPublicUrl(app: Application, publicUrl: string | undefined): void {
  app.set(PUBLIC_URL_KEY, publicUrl);
}

/** PUBLIC_URL, else the request's origin as Express sees it (a Host not plain becomes `localhost`). */
export function publicOrigin(request: Request): string {
  const configured = request.app.get(PUBLIC_URL_KEY) as string | undefined;
  if (configured) return configured;
  const host = request.get('host') ?? '';
  return `${request.protocol}://${PLAIN_HOST.test(host) ? host.toLowerCase() : 'localhost'}`;
}

/** Origins whose copies of what is built with absolute URLs are kept (one with PUBLIC_URL). */
export const KEPT_ORIGINS = 16;

/**
 * What is built for each origin, kept for the `max` most recently asked: a stranger's Host gets
 * its own entry, never another's. `onDrop` runs for an entry pushed out or deleted.
 */
export function byOrigin<T extends NonNullable<unknown>>(
  max = KEPT_ORIGINS,
  onDrop?: (value: T, origin: string) => void,
): LRUCache<string, T> {
  return new LRUCache<string, T>({ max, ...(onDrop ? { dispose: onDrop } : {}) });
}
