import { integer, type Env } from './env-values.js';

/** How long a client may take to send a request, so a silent one cannot hold a connection. */
export type RequestLimitsConfig = ReturnType<typeof parseRequestLimits>;

export function parseRequestLimits(env: Env) {
  return {
    /** A request whose body stops arriving for this long is ended with 408. */
    bodyIdleSeconds: integer(env, 'REQUEST_BODY_IDLE_SECONDS', 30, 1, 3600),
    /** Any request but an image upload or a restore must have arrived whole within this. */
    wholeRequestSeconds: integer(env, 'REQUEST_TIMEOUT_SECONDS', 60, 1, 3600),
  };
}

/** What one admin session can make the server store, and how long unused images are kept. */
export function parseStorageQuotas(env: Env) {
  return {
    /** Upload links one session may get per window; more are refused with 429. */
    uploadLinksPerWindow: integer(env, 'UPLOAD_LINKS_PER_WINDOW', 200, 1, 1_000_000),
    uploadLinkWindowMinutes: integer(env, 'UPLOAD_LINK_WINDOW_MINUTES', 10, 1, 24 * 60),
    /** An image no shop uses (never attached, replaced or deleted) is deleted after this long. */
    imageGraceHours: integer(env, 'IMAGE_GRACE_HOURS', 24, 0, 365 * 24),
    /** A restore needs this many times the upload's size free under DATA_DIR. */
    restoreFreeSpaceFactor: integer(env, 'RESTORE_FREE_SPACE_FACTOR', 2, 1, 1_000_000),
  };
}
