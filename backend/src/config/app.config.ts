import { randomBytes } from 'node:crypto';
import { Cron } from 'croner';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  parseVisitorRequests,
  type VisitorRequestsConfig,
} from '../visitor-requests/visitor-requests.config.js';

/** A configuration value that cannot be used; the message is one line a person can act on. */
export class ConfigError extends Error {}

export type DatabaseConfig =
  | { type: 'sqlite'; path: string }
  | { type: 'mysql'; url: string; host: string; port: number; database: string };

export interface SessionConfig {
  secret: string;
  /** Idle timeout: a session unused this long ends. */
  idleMinutes: number;
  /** Absolute timeout: a session ends this long after login, however busy. */
  absoluteHours: number;
  /**
   * Secure cookie: always (COOKIE_SECURE=true, or by default when PUBLIC_URL is https), or
   * 'auto' (only on requests that arrived over HTTPS).
   */
  secureCookie: true | 'auto';
}

export interface StorageConfig {
  driver: 'local' | 's3';
  localDir: string;
  s3?: {
    /** Where the backend talks to the store (inside the network); unset means AWS S3. */
    endpoint?: string;
    bucket: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
  };
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  /** Interface to listen on; unset means all of them. */
  host?: string;
  dataDir: string;
  database: DatabaseConfig;
  session: SessionConfig;
  storage: StorageConfig;
  /** Express `trust proxy` value: false unless a reverse proxy sets X-Forwarded-*. */
  trustProxy: boolean | number | string;
  /** Origins besides the request's own that may send unsafe requests (the dev servers). */
  allowedOrigins: string[];
  /**
   * The site's public origin (`https://armeros.example.mx`), for absolute URLs: canonical
   * links, the sitemap, link previews. Unset: each request's own origin (development).
   */
  publicUrl?: string;
  /** Seed demo shops into an empty, new installation. */
  seedDemoData: boolean;
  /** Largest backup file a restore accepts (a full backup of a big directory can exceed 100 MB). */
  restoreMaxBytes: number;
  automaticBackups: AutomaticBackupsConfig;
  /** argon2 cost: 'test' (cheap, NODE_ENV=test only) lets the test suites hash in a few ms. */
  passwordHashCost: 'standard' | 'test';
  frontends: FrontendsConfig;
  requestLimits: RequestLimitsConfig;
  storageQuotas: StorageQuotasConfig;
  observability: ObservabilityConfig;
  /** Activity log entries older than this many days are deleted (ACTIVITY_RETENTION_DAYS). */
  activityRetentionDays: number;
  visitorRequests: VisitorRequestsConfig;
}

/** What an operator sees: request logs, metrics, and how long a stopping replica drains. */
export interface ObservabilityConfig {
  /** json: one line per event (production); pretty: readable (development); off: Nest's own logger only. */
  logFormat: 'json' | 'pretty' | 'off';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Port of the Prometheus endpoint, apart from the public one; unset = no metrics. */
  metricsPort?: number;
  /** Interface of the metrics endpoint: loopback unless METRICS_HOST names another (it has no authentication). */
  metricsHost: string;
  /** On SIGTERM, in-flight requests get this long to finish before their connections are cut. */
  shutdownGraceSeconds: number;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function parseObservability(env: Env, nodeEnv: AppConfig['env'], port: number): ObservabilityConfig {
  const defaultFormat = nodeEnv === 'production' ? 'json' : nodeEnv === 'development' ? 'pretty' : 'off';
  const logFormat = (env.LOG_FORMAT?.trim().toLowerCase() ||
    defaultFormat) as ObservabilityConfig['logFormat'];
  if (!['json', 'pretty', 'off'].includes(logFormat)) {
    throw new ConfigError(`LOG_FORMAT must be json, pretty or off, got "${env.LOG_FORMAT}"`);
  }
  const logLevel = (env.LOG_LEVEL?.trim().toLowerCase() || 'info') as ObservabilityConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const metricsPort = env.METRICS_PORT?.trim() ? integer(env, 'METRICS_PORT', 0, 0, 65535) : undefined;
  if (metricsPort !== undefined && metricsPort !== 0 && metricsPort === port) {
    throw new ConfigError(`METRICS_PORT must differ from PORT (${port}): metrics are never public`);
  }
  return {
    logFormat,
    logLevel,
    metricsPort,
    metricsHost: env.METRICS_HOST?.trim() || '127.0.0.1',
    shutdownGraceSeconds: integer(env, 'SHUTDOWN_GRACE_SECONDS', 20, 0, 3600),
  };
}

/** The built frontends this backend serves itself (the one-port setup of `npm start`). */
export interface FrontendsConfig {
  /** Folder holding frontend-shell/, frontend-directory/, frontend-admin/ (each with dist/). */
  root: string;
  /** Where the shell finds each remote's mf-manifest.json (given to it by /runtime-config.js). */
  remotes: { directory: string; admin: string };
  /** The directory's map tiles (given to the browser by /runtime-config.js). */
  map: MapTilesConfig;
}

/** Where the public map's tiles come from, and the credit their licence asks for. */
export interface MapTilesConfig {
  /** A URL template with {z}, {x} and {y} (Leaflet's syntax; {s} and {r} allowed). */
  tileUrl: string;
  /** Shown in the map's corner; may hold links (HTML), so it comes from the operator only. */
  attribution: string;
}

/** OpenStreetMap's standard tiles: fine for a small site; see the README on its usage policy. */
export const DEFAULT_MAP_TILES: MapTilesConfig = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};

export function parseMapTiles(env: Env): MapTilesConfig {
  const tileUrl = env.MAP_TILE_URL?.trim();
  const attribution = env.MAP_TILE_ATTRIBUTION?.trim();
  if (!tileUrl) {
    if (attribution) throw new ConfigError('MAP_TILE_ATTRIBUTION needs MAP_TILE_URL (the tiles it credits)');
    return DEFAULT_MAP_TILES;
  }
  if (
    !/^(https?:\/\/[^\s"'<>]+|\/[^\s"'<>]*)$/.test(tileUrl) ||
    !['{z}', '{x}', '{y}'].every((p) => tileUrl.includes(p))
  ) {
    throw new ConfigError(
      `MAP_TILE_URL must be an http(s) URL or a path with {z}, {x} and {y}, e.g. https://tile.example.org/{z}/{x}/{y}.png; got "${tileUrl}"`,
    );
  }
  // Another provider's tiles need that provider's credit, not OpenStreetMap's by default.
  if (!attribution)
    throw new ConfigError("MAP_TILE_ATTRIBUTION is required with MAP_TILE_URL (the tile provider's credit)");
  return { tileUrl, attribution };
}

export type Env = Record<string, string | undefined>;

/** Full backups written into the object store on a schedule (under `backups/`). */
export interface AutomaticBackupsConfig {
  /** A cron pattern (5 fields, or 6 with seconds first); null when BACKUP_SCHEDULE=off. */
  schedule: string | null;
  /** The schedule's clock: the directory's country, whatever zone the servers run in. */
  timeZone: string;
  /** How many stored backups are kept; older ones are deleted after each new one. */
  keep: number;
}

export const BACKUP_TIME_ZONE = 'America/Mexico_City';

export function parseAutomaticBackups(env: Env): AutomaticBackupsConfig {
  const keep = integer(env, 'BACKUP_KEEP', 14, 1, 10_000);
  const raw = env.BACKUP_SCHEDULE?.trim() || '0 3 * * *';
  if (raw.toLowerCase() === 'off') return { schedule: null, timeZone: BACKUP_TIME_ZONE, keep };
  try {
    // Parsing only (paused): a pattern croner refuses is refused at boot, not at 03:00.
    new Cron(raw, { paused: true, timezone: BACKUP_TIME_ZONE }).stop();
  } catch (error) {
    throw new ConfigError(
      `BACKUP_SCHEDULE must be a cron pattern such as "0 3 * * *" (daily at 03:00) or "off", got "${raw}": ${(error as Error).message}`,
    );
  }
  return { schedule: raw, timeZone: BACKUP_TIME_ZONE, keep };
}

// Limits against clients that hold connections open or fill the disk.

/** How long a client may take to send a request, so a silent one cannot hold a connection. */
export interface RequestLimitsConfig {
  /** A request whose body stops arriving for this long is ended with 408. */
  bodyIdleSeconds: number;
  /** Any request but an image upload or a restore must have arrived whole within this. */
  wholeRequestSeconds: number;
}

function parseRequestLimits(env: Env): RequestLimitsConfig {
  return {
    bodyIdleSeconds: integer(env, 'REQUEST_BODY_IDLE_SECONDS', 30, 1, 3600),
    wholeRequestSeconds: integer(env, 'REQUEST_TIMEOUT_SECONDS', 60, 1, 3600),
  };
}

/** What one admin session can make the server store, and how long unused images are kept. */
export interface StorageQuotasConfig {
  /** Upload links one session may get per window; more are refused with 429. */
  uploadLinksPerWindow: number;
  uploadLinkWindowMinutes: number;
  /** An image no shop uses (never attached, replaced or deleted) is deleted after this long. */
  imageGraceHours: number;
  /** A restore needs this many times the upload's size free under DATA_DIR. */
  restoreFreeSpaceFactor: number;
}

function parseStorageQuotas(env: Env): StorageQuotasConfig {
  return {
    uploadLinksPerWindow: integer(env, 'UPLOAD_LINKS_PER_WINDOW', 200, 1, 1_000_000),
    uploadLinkWindowMinutes: integer(env, 'UPLOAD_LINK_WINDOW_MINUTES', 10, 1, 24 * 60),
    imageGraceHours: integer(env, 'IMAGE_GRACE_HOURS', 24, 0, 365 * 24),
    restoreFreeSpaceFactor: integer(env, 'RESTORE_FREE_SPACE_FACTOR', 2, 1, 1_000_000),
  };
}

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

export function parseDatabase(env: Env, dataDir: string): DatabaseConfig {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return { type: 'sqlite', path: join(dataDir, 'directory.sqlite') };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      'DATABASE_URL is not a valid URL; expected mysql://user:password@host:3306/database',
    );
  }
  if (url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') {
    throw new ConfigError(
      `DATABASE_URL must start with mysql:// (MySQL or MariaDB), got "${url.protocol}//"; leave it unset for SQLite`,
    );
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!url.hostname || !database) {
    throw new ConfigError(
      'DATABASE_URL must name a host and a database: mysql://user:password@host:3306/database',
    );
  }
  return {
    type: 'mysql',
    url: raw.replace(/^mariadb:/, 'mysql:'),
    host: url.hostname,
    port: url.port ? Number(url.port) : 3306,
    database,
  };
}

/**
 * The session secret signs cookies. Production must set it (every replica needs the same one);
 * development generates one once and keeps it in the data folder so restarts keep sessions.
 */
function sessionSecret(env: Env, nodeEnv: AppConfig['env'], dataDir: string): string {
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

function parseStorage(env: Env, dataDir: string): StorageConfig {
  const driver = (env.STORAGE ?? 'local').trim().toLowerCase();
  if (driver !== 'local' && driver !== 's3') {
    throw new ConfigError(`STORAGE must be "local" or "s3", got "${env.STORAGE}"`);
  }
  const localDir = join(dataDir, 'objects');
  if (driver === 'local') return { driver, localDir };
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new ConfigError('S3_BUCKET is required when STORAGE=s3');
  const endpoint = httpUrl(env, 'S3_ENDPOINT');
  return {
    driver,
    localDir,
    s3: {
      endpoint,
      bucket,
      region: env.S3_REGION?.trim() || 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID || env.AWS_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || env.AWS_SECRET_ACCESS_KEY,
      forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', Boolean(endpoint)),
    },
  };
}

function httpUrl(env: Env, name: string): string | undefined {
  const value = env[name]?.trim() || undefined;
  if (value && !/^https?:\/\//.test(value)) {
    throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
  }
  return value;
}

function parseTrustProxy(raw: string | undefined): AppConfig['trustProxy'] {
  if (raw === undefined || raw.trim() === '') return false;
  const value = raw.trim();
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value; // an address list or a preset such as "loopback"
}

function manifestUrl(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim() || fallback;
  if (!/^(https?:\/\/[^\s"'<>]+|\/[^\s"'<>]*)$/.test(value)) {
    throw new ConfigError(`${name} must be an http(s) URL or a path starting with /, got "${value}"`);
  }
  return value;
}

/**
 * PUBLIC_URL: an http(s) origin, a trailing slash allowed; no path (the site lives at the root
 * of its host), no query, no credentials. Answered without the trailing slash.
 */
export function parsePublicUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
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
function passwordHashCost(env: Env, nodeEnv: AppConfig['env']): AppConfig['passwordHashCost'] {
  const raw = env.ARGON2_COST?.trim() || 'standard';
  if (raw !== 'standard' && raw !== 'test') {
    throw new ConfigError(`ARGON2_COST must be "standard" or "test", got "${env.ARGON2_COST}"`);
  }
  if (raw === 'test' && nodeEnv !== 'test') {
    throw new ConfigError(`ARGON2_COST=test is only allowed with NODE_ENV=test (got "${nodeEnv}")`);
  }
  return raw;
}

/** DATA_DIR as an absolute path, created if missing (SQLite, the session secret and local images live there). */
export function resolveDataDir(env: Env): string {
  const dataDir = resolve(env.DATA_DIR?.trim() || 'data');
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new ConfigError(`DATA_DIR "${dataDir}" cannot be created: ${(error as Error).message}`);
  }
  return dataDir;
}

/** Reads and validates the environment once at boot; throws ConfigError with a one-line reason. */
export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = (env.NODE_ENV ?? 'development').trim();
  if (nodeEnv !== 'development' && nodeEnv !== 'production' && nodeEnv !== 'test') {
    throw new ConfigError(`NODE_ENV must be development, production or test, got "${nodeEnv}"`);
  }
  const dataDir = resolveDataDir(env);
  const database = parseDatabase(env, dataDir);
  const allowedOrigins = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of allowedOrigins) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) {
      throw new ConfigError(`ALLOWED_ORIGINS entries must look like https://host[:port], got "${origin}"`);
    }
  }
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const publicUrl = parsePublicUrl(env.PUBLIC_URL);
  return {
    env: nodeEnv,
    port,
    host: env.HOST?.trim() || undefined,
    dataDir,
    database,
    session: {
      secret: sessionSecret(env, nodeEnv, dataDir),
      idleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 30, 1, 7 * 24 * 60),
      absoluteHours: integer(env, 'SESSION_ABSOLUTE_HOURS', 8, 1, 30 * 24),
      // An https PUBLIC_URL means visitors arrive over HTTPS: the cookie is never sent in clear.
      secureCookie: flag(env, 'COOKIE_SECURE', publicUrl?.startsWith('https://') ?? false) ? true : 'auto',
    },
    storage: parseStorage(env, dataDir),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    allowedOrigins,
    publicUrl,
    seedDemoData: flag(env, 'SEED_DEMO_DATA', nodeEnv !== 'test'),
    restoreMaxBytes: integer(env, 'RESTORE_MAX_BYTES', 100 * 1024 * 1024, 1024, 64 * 1024 * 1024 * 1024),
    automaticBackups: parseAutomaticBackups(env),
    passwordHashCost: passwordHashCost(env, nodeEnv),
    frontends: {
      root: resolve(env.FRONTEND_ROOT?.trim() || fileURLToPath(new URL('../../../', import.meta.url))),
      remotes: {
        directory: manifestUrl(env, 'REMOTE_DIRECTORY_URL', '/remotes/directory/mf-manifest.json'),
        admin: manifestUrl(env, 'REMOTE_ADMIN_URL', '/remotes/admin/mf-manifest.json'),
      },
      map: parseMapTiles(env),
    },
    requestLimits: parseRequestLimits(env),
    storageQuotas: parseStorageQuotas(env),
    observability: parseObservability(env, nodeEnv, port),
    activityRetentionDays: integer(env, 'ACTIVITY_RETENTION_DAYS', 730, 1, 36_500),
    visitorRequests: parseVisitorRequests(env),
  };
}
