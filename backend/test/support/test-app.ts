import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import type { DestinationStream } from 'pino';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module.js';
import { configureApp } from '../../src/app.setup.js';
import { loadConfig, type AppConfig } from '../../src/config/app.config.js';
import { watchErrorCodes } from './error-codes.js';

export type Dialect = 'sqlite' | 'mysql';

/**
 * For suites whose subject depends on the SQL dialect (queries, transactions, locks, migrations,
 * stored text) or on concurrency (races, claims, replicas): SQLite always, MariaDB/MySQL too
 * when TEST_MYSQL_URL is set (CI sets it). SQLite serialises writes, so a race proven on it
 * alone proves little: the claims made "across replicas" are in two-instances.test.ts.
 */
export const DIALECTS: Dialect[] = dialectsToTest();

/**
 * TEST_DIALECTS=mysql runs everything on MariaDB/MySQL, the suites of DIALECTS and those of
 * ANY_DIALECT alike: by hand (CI does not, it would double the backend lane's time; what needs
 * MariaDB is in DIALECTS).
 */
function dialectsToTest(): Dialect[] {
  if (process.env.TEST_DIALECTS === 'mysql') {
    if (!process.env.TEST_MYSQL_URL) throw new Error('TEST_DIALECTS=mysql needs TEST_MYSQL_URL');
    return ['mysql'];
  }
  return process.env.TEST_MYSQL_URL ? ['sqlite', 'mysql'] : ['sqlite'];
}

/**
 * For suites whose subject is above the database (HTTP headers and limits, what a browser
 * renders): one dialect is enough, so MariaDB runs only where the dialect matters. A test here
 * that races requests for one claim needs a DIALECTS twin (two-instances.test.ts has the proof
 * of work, the upload link and the digest's).
 */
export const ANY_DIALECT: Dialect[] = process.env.TEST_DIALECTS === 'mysql' ? ['mysql'] : ['sqlite'];

/** A fresh, empty database of one dialect, deleted by `drop()`. */
export interface TestDatabase {
  dialect: Dialect;
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atm-test-'));
  const base = {
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    // Cheap password hashes: the suites create and log in many admins (config/app.config.ts).
    ARGON2_COST: 'test',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // No automatic backup at 03:00 in the middle of a suite; the suites that test them set one.
    BACKUP_SCHEDULE: 'off',
    // A proof of work the suites solve in a few milliseconds (browsers get the real cost).
    PROOF_OF_WORK_COST: '1',
    PROOF_OF_WORK_MAX_COUNTER: '20',
    // A fresh database is a new installation, where a second factor is required by default;
    // the suites log in with a password alone unless they test second factors (those set it).
    MFA_REQUIRED: 'false',
  };
  if (dialect === 'sqlite') {
    return { dialect, env: base, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const server = new URL(process.env.TEST_MYSQL_URL!);
  const name = `atm_test_${randomBytes(6).toString('hex')}`;
  const admin = await mysql.createConnection({
    host: server.hostname,
    port: Number(server.port || 3306),
    user: decodeURIComponent(server.username),
    password: decodeURIComponent(server.password),
  });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    dialect,
    env: { ...base, DATABASE_URL: url.toString() },
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A backend instance listening on a free port, configured exactly like production's. */
export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  url: string;
  dataSource: DataSource;
  close(): Promise<void>;
}

/** `logDestination`: where the app's pino logs go (with LOG_FORMAT=json in `env`). */
export interface StartOptions {
  logDestination?: DestinationStream;
}

export async function startApp(env: Record<string, string>, options: StartOptions = {}): Promise<TestApp> {
  const config = loadConfig({ ...env, PORT: '0' });
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(config, options.logDestination),
    {
      bodyParser: false,
      logger: ['error'],
    },
  );
  watchErrorCodes(app);
  configureApp(app, config);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    config,
    url: `http://127.0.0.1:${address.port}`,
    dataSource: app.get(DataSource),
    close: () => app.close(),
  };
}

/** One app on one fresh database: what most suites need. */
export async function startAppOnFreshDatabase(
  dialect: Dialect,
  extraEnv: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestApp & { database: TestDatabase }> {
  const database = await createTestDatabase(dialect);
  const started = await startApp({ ...database.env, ...extraEnv }, options);
  return {
    ...started,
    database,
    close: async () => {
      await started.close();
      await database.drop();
    },
  };
}
