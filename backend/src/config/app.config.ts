import { parseVisitorRequests } from './visitor-requests.config.js';
import { parseAutomaticBackups } from './automatic-backups.config.js';
import { parseDatabase, resolveDataDir } from './database.config.js';
import { ConfigError, flag, integer, list, type Env, type NodeEnv } from './env-values.js';
import { parseFrontends } from './frontends.config.js';
import { parseObservability } from './observability.config.js';
import { parseRequestLimits, parseStorageQuotas } from './request-limits.config.js';
import { parseSession } from './session.config.js';
import { parseStorage } from './storage.config.js';

/** Injection token of the validated AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');

export type AppConfig = ReturnType<typeof loadConfig>;

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw.trim() === '') return false;
  const value = raw.trim();
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value; // an address list or a preset such as "loopback"
}

/** PUBLIC_URL: an http(s) origin without path (the site is at its host's root), query or credentials. */
export function parsePublicUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  const url = URL.parse(value);
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    !/^https?:\/\/[^/?#@\s]+\/?$/i.test(value)
  ) {
    throw new ConfigError(
      `PUBLIC_URL must be the site's http(s) origin without a path, e.g. https://armeros.example.mx, got "${value}"`,
    );
  }
  return url.origin;
}

/** ARGON2_COST: only the tests may make password hashes cheap, since cheap hashes are cheap to crack. */
function passwordHashCost(env: Env, nodeEnv: NodeEnv): 'standard' | 'test' {
  const raw = env.ARGON2_COST?.trim() || 'standard';
  if (raw !== 'standard' && raw !== 'test') {
    throw new ConfigError(`ARGON2_COST must be "standard" or "test", got "${env.ARGON2_COST}"`);
  }
  if (raw === 'test' && nodeEnv !== 'test') {
    throw new ConfigError(`ARGON2_COST=test is only allowed with NODE_ENV=test (got "${nodeEnv}")`);
  }
  return raw;
}

/** Logged once at start: without PUBLIC_URL, absolute URLs come from each request's Host header. */
export function startupWarnings(config: AppConfig): string[] {
  if (config.publicUrl) return [];
  const advice = "Set it to the site's address, e.g. https://armeros.example.mx";
  if (config.trustProxy) {
    return [
      `PUBLIC_URL is not set behind a proxy (TRUST_PROXY=${String(config.trustProxy)}): canonical links, the sitemap, link previews and passkeys use the Host header of each request, as the proxy passes it on. ${advice}`,
    ];
  }
  if (config.env === 'production') {
    return [
      `PUBLIC_URL is not set: canonical links, the sitemap and link previews use each request's own host. ${advice}`,
    ];
  }
  return [];
}

/** Reads and validates the environment once at boot; throws ConfigError with a one-line reason. */
export function loadConfig(env: Env = process.env) {
  const nodeEnv = (env.NODE_ENV ?? 'development').trim();
  if (nodeEnv !== 'development' && nodeEnv !== 'production' && nodeEnv !== 'test') {
    throw new ConfigError(`NODE_ENV must be development, production or test, got "${nodeEnv}"`);
  }
  const dataDir = resolveDataDir(env);
  const database = parseDatabase(env, dataDir);
  const allowedOrigins = list(env, 'ALLOWED_ORIGINS');
  for (const origin of allowedOrigins) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) {
      throw new ConfigError(`ALLOWED_ORIGINS entries must look like https://host[:port], got "${origin}"`);
    }
  }
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const publicUrl = parsePublicUrl(env.PUBLIC_URL);
  return {
    env: nodeEnv as NodeEnv,
    port,
    /** Interface to listen on; unset means all of them. */
    host: env.HOST?.trim() || undefined,
    dataDir,
    database,
    session: parseSession(env, nodeEnv, dataDir, publicUrl),
    storage: parseStorage(env, dataDir),
    /** Express `trust proxy` value: false unless a reverse proxy sets X-Forwarded-*. */
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    /** Origins besides the request's own that may send unsafe requests (the dev servers). */
    allowedOrigins,
    /** The origin of absolute URLs (canonical links, sitemap, previews); unset: each request's own. */
    publicUrl,
    /** Seed demo shops into an empty, new installation. */
    seedDemoData: flag(env, 'SEED_DEMO_DATA', nodeEnv !== 'test'),
    /** Largest backup file a restore accepts (a full backup of a big directory can exceed 100 MB). */
    restoreMaxBytes: integer(env, 'RESTORE_MAX_BYTES', 100 * 1024 * 1024, 1024, 64 * 1024 * 1024 * 1024),
    /** Most shops one restore takes (RESTORE_MAX_SHOPS): it holds them all in a bounded heap. */
    restoreMaxShops: integer(env, 'RESTORE_MAX_SHOPS', 20_000, 1, 200_000),
    automaticBackups: parseAutomaticBackups(env),
    /** argon2 cost: 'test' (cheap, NODE_ENV=test only) lets the test suites hash in a few ms. */
    passwordHashCost: passwordHashCost(env, nodeEnv),
    frontends: parseFrontends(env),
    requestLimits: parseRequestLimits(env),
    storageQuotas: parseStorageQuotas(env),
    observability: parseObservability(env, nodeEnv, port),
    /** Activity log entries older than this many days are deleted (ACTIVITY_RETENTION_DAYS). */
    activityRetentionDays: integer(env, 'ACTIVITY_RETENTION_DAYS', 730, 1, 36_500),
    visitorRequests: parseVisitorRequests(env),
    /** MFA_REQUIRED forces a second factor on (true) or off (false); null leaves it to the users page. */
    mfaRequired: env.MFA_REQUIRED?.trim() ? flag(env, 'MFA_REQUIRED', false) : null,
  };
}
