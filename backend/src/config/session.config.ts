import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, flag, integer, type Env, type NodeEnv } from './env-values.js';

export interface SessionConfig {
  secret: string;
  /** Idle timeout: a session unused this long ends. */
  idleMinutes: number;
  /** Absolute timeout: a session ends this long after login, however busy. */
  absoluteHours: number;
  /** Secure cookie: always (COOKIE_SECURE=true, default with an https PUBLIC_URL), or 'auto' (HTTPS requests). */
  secureCookie: true | 'auto';
}

/** Signs cookies: set in production (the same on every replica), else generated once into DATA_DIR. */
function sessionSecret(env: Env, nodeEnv: NodeEnv, dataDir: string): string {
  const given = env.SESSION_SECRET;
  if (given !== undefined && given !== '') {
    if (given.length < 32) throw new ConfigError('SESSION_SECRET must be at least 32 characters long');
    return given;
  }
  if (nodeEnv === 'production') {
    throw new ConfigError('SESSION_SECRET is required in production (at least 32 random characters)');
  }
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Session lifetimes and cookie; an https PUBLIC_URL makes the cookie Secure by default. */
export function parseSession(
  env: Env,
  nodeEnv: NodeEnv,
  dataDir: string,
  publicUrl: string | undefined,
): SessionConfig {
  return {
    secret: sessionSecret(env, nodeEnv, dataDir),
    idleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 30, 1, 7 * 24 * 60),
    absoluteHours: integer(env, 'SESSION_ABSOLUTE_HOURS', 8, 1, 30 * 24),
    // An https PUBLIC_URL means visitors arrive over HTTPS: the cookie is never sent in clear.
    secureCookie: flag(env, 'COOKIE_SECURE', publicUrl?.startsWith('https://') ?? false) ? true : 'auto',
  };
}
