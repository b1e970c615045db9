import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, type Env } from './env-values.js';

export type DatabaseConfig =
  | { type: 'sqlite'; path: string }
  | { type: 'mysql'; url: string; host: string; port: number; database: string };

export function parseDatabase(env: Env, dataDir: string): DatabaseConfig {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return { type: 'sqlite', path: join(dataDir, 'directory.sqlite') };
  if (!URL.canParse(raw))
    throw new ConfigError(
      'DATABASE_URL is not a valid URL; expected mysql://user:password@host:3306/database',
    );
  const url = new URL(raw);
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
