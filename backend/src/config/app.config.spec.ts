import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, startupWarnings } from './app.config.js';
import { ConfigError } from './env-values.js';

const dataDir = () => mkdtempSync(join(tmpdir(), 'atm-config-'));

describe('loadConfig', () => {
  it('defaults to SQLite in DATA_DIR, local storage and port 3000', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ type: 'sqlite', path: join(dir, 'directory.sqlite') });
    expect(config.storage).toEqual({ driver: 'local', localDir: join(dir, 'objects') });
    expect(config.session.idleMinutes).toBe(30);
    expect(config.session.absoluteHours).toBe(8);
  });

  it('warns at start when PUBLIC_URL is unset behind a proxy, or in production', () => {
    const warningsOf = (env: Record<string, string>) =>
      startupWarnings(loadConfig({ DATA_DIR: dataDir(), ...env }));
    expect(warningsOf({ TRUST_PROXY: '1' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL is not set behind a proxy \(TRUST_PROXY=1\)/),
    ]);
    expect(warningsOf({ TRUST_PROXY: 'loopback', NODE_ENV: 'test' })).toHaveLength(1);
    expect(warningsOf({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) })).toEqual([
      expect.stringMatching(/^PUBLIC_URL is not set: /),
    ]);
    expect(warningsOf({})).toEqual([]);
    expect(warningsOf({ TRUST_PROXY: '0' })).toEqual([]);
    expect(warningsOf({ TRUST_PROXY: '1', PUBLIC_URL: 'https://armeros.example.mx' })).toEqual([]);
  });

  it('takes PUBLIC_URL as an origin, and refuses paths, queries and other schemes', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).publicUrl).toBeUndefined();
    for (const [raw, origin] of [
      ['https://Armeros.Example.mx/', 'https://armeros.example.mx'],
      ['http://localhost:8080', 'http://localhost:8080'],
    ])
      expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: raw }).publicUrl).toBe(origin);
    for (const raw of [
      'armeros.example.mx',
      'ftp://x.mx',
      'https://x.mx/directorio',
      'https://x.mx/?a=1',
      'https://u:p@x.mx',
    ])
      expect(() => loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: raw })).toThrow(
        new ConfigError(
          `PUBLIC_URL must be the site's http(s) origin without a path, e.g. https://armeros.example.mx, got "${raw}"`,
        ),
      );
  });

  it("uses OpenStreetMap's standard tiles unless MAP_TILE_URL names others, with their credit", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).frontends.map).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    });
    const own = {
      MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}{r}.png',
      MAP_TILE_ATTRIBUTION: 'Example',
    };
    expect(loadConfig({ DATA_DIR: dataDir(), ...own }).frontends.map).toEqual({
      tileUrl: own.MAP_TILE_URL,
      attribution: 'Example',
    });
    for (const bad of [
      { MAP_TILE_URL: 'https://tiles.example/{z}/{x}.png', MAP_TILE_ATTRIBUTION: 'Example' },
      { MAP_TILE_URL: 'javascript:alert(1)/{z}/{x}/{y}', MAP_TILE_ATTRIBUTION: 'Example' },
      { MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' },
      { MAP_TILE_ATTRIBUTION: 'Example' },
    ]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...bad })).toThrow(ConfigError);
    }
  });

  it('generates a development session secret once and keeps it in the data folder', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).session.secret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'session-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).session.secret).toBe(first);
  });

  it('waits 30 s for a silent request body and 60 s for a whole request unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).requestLimits).toEqual({
      bodyIdleSeconds: 30,
      wholeRequestSeconds: 60,
    });
    const configured = loadConfig({
      DATA_DIR: dataDir(),
      REQUEST_BODY_IDLE_SECONDS: '2',
      REQUEST_TIMEOUT_SECONDS: '5',
    });
    expect(configured.requestLimits).toEqual({ bodyIdleSeconds: 2, wholeRequestSeconds: 5 });
  });

  it('limits upload links to 200 per 10 minutes, keeps unused images 24 h and wants twice a restore free', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).storageQuotas).toEqual({
      uploadLinksPerWindow: 200,
      uploadLinkWindowMinutes: 10,
      imageGraceHours: 24,
      restoreFreeSpaceFactor: 2,
    });
    const configured = loadConfig({
      DATA_DIR: dataDir(),
      UPLOAD_LINKS_PER_WINDOW: '5',
      UPLOAD_LINK_WINDOW_MINUTES: '1',
      IMAGE_GRACE_HOURS: '0',
      RESTORE_FREE_SPACE_FACTOR: '3',
    });
    expect(configured.storageQuotas).toEqual({
      uploadLinksPerWindow: 5,
      uploadLinkWindowMinutes: 1,
      imageGraceHours: 0,
      restoreFreeSpaceFactor: 3,
    });
  });

  it('backs up daily at 03:00 Mexico City time keeping 14, or as BACKUP_SCHEDULE and BACKUP_KEEP say', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).automaticBackups).toEqual({
      schedule: '0 3 * * *',
      timeZone: 'America/Mexico_City',
      keep: 14,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir(), BACKUP_SCHEDULE: '30 2 * * 0', BACKUP_KEEP: '3' }).automaticBackups,
    ).toMatchObject({ schedule: '30 2 * * 0', keep: 3 });
    expect(
      loadConfig({ DATA_DIR: dataDir(), BACKUP_SCHEDULE: ' OFF ' }).automaticBackups.schedule,
    ).toBeNull();
    expect(() => loadConfig({ DATA_DIR: dataDir(), BACKUP_SCHEDULE: 'daily' })).toThrow(
      /^BACKUP_SCHEDULE must be a cron pattern such as "0 3 \* \* \*" \(daily at 03:00\) or "off", got "daily"/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), BACKUP_SCHEDULE: '0 25 * * *' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), BACKUP_KEEP: '0' })).toThrow(
      'BACKUP_KEEP must be a whole number from 1 to 10000, got "0"',
    );
  });

  it.each([
    [
      'UPLOAD_LINKS_PER_WINDOW',
      '0',
      'UPLOAD_LINKS_PER_WINDOW must be a whole number from 1 to 1000000, got "0"',
    ],
    [
      'UPLOAD_LINK_WINDOW_MINUTES',
      'ten',
      'UPLOAD_LINK_WINDOW_MINUTES must be a whole number from 1 to 1440, got "ten"',
    ],
    ['IMAGE_GRACE_HOURS', '-1', 'IMAGE_GRACE_HOURS must be a whole number from 0 to 8760, got "-1"'],
    [
      'RESTORE_FREE_SPACE_FACTOR',
      '1.5',
      'RESTORE_FREE_SPACE_FACTOR must be a whole number from 1 to 1000000, got "1.5"',
    ],
  ])('refuses %s=%s with one line', (name, value, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(message);
  });

  it('reads a MySQL or MariaDB URL', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'mariadb://u:p@db.internal:3307/directory',
    });
    expect(config.database).toMatchObject({
      type: 'mysql',
      host: 'db.internal',
      port: 3307,
      database: 'directory',
    });
    expect(config.database.type === 'mysql' && config.database.url).toBe(
      'mysql://u:p@db.internal:3307/directory',
    );
  });

  it('hashes passwords at the standard cost unless a test asks for the cheap one', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).passwordHashCost).toBe('standard');
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test', ARGON2_COST: 'test' }).passwordHashCost).toBe(
      'test',
    );
  });

  it('logs JSON in production, readably in development, not at all in tests; metrics off; 20 s grace', () => {
    const secret = 'x'.repeat(32);
    const production = loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', SESSION_SECRET: secret });
    expect(production.observability).toEqual({
      logFormat: 'json',
      logLevel: 'info',
      metricsPort: undefined,
      metricsHost: '127.0.0.1',
      shutdownGraceSeconds: 20,
    });
    expect(loadConfig({ DATA_DIR: dataDir() }).observability.logFormat).toBe('pretty');
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test' }).observability.logFormat).toBe('off');
    const tuned = loadConfig({ DATA_DIR: dataDir(), METRICS_PORT: '9464', SHUTDOWN_GRACE_SECONDS: '5' });
    expect(tuned.observability).toMatchObject({ metricsPort: 9464, shutdownGraceSeconds: 5 });
  });

  it('talks to S3_ENDPOINT (browsers never reach the store: uploads go through the backend)', () => {
    const s3 = { DATA_DIR: dataDir(), STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://garage:3900' };
    expect(loadConfig(s3).storage.s3).toMatchObject({ endpoint: 'http://garage:3900', bucket: 'b' });
  });

  it.each([
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL is not a valid URL/],
    [{ DATABASE_URL: 'postgres://u:p@h/db' }, /DATABASE_URL must start with mysql:\/\//],
    [{ DATABASE_URL: 'mysql://u:p@h' }, /must name a host and a database/],
    [{ PORT: 'eighty' }, /PORT must be a whole number from 0 to 65535/],
    [{ PORT: '70000' }, /PORT must be a whole number/],
    [{ REQUEST_BODY_IDLE_SECONDS: '0' }, /REQUEST_BODY_IDLE_SECONDS must be a whole number from 1 to 3600/],
    [{ REQUEST_TIMEOUT_SECONDS: '1.5' }, /REQUEST_TIMEOUT_SECONDS must be a whole number from 1 to 3600/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV must be development, production or test/],
    [{ NODE_ENV: 'production' }, /SESSION_SECRET is required in production/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET must be at least 32 characters/],
    [{ STORAGE: 'ftp' }, /STORAGE must be "local" or "s3"/],
    [{ STORAGE: 's3' }, /S3_BUCKET is required when STORAGE=s3/],
    [{ STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT must be an http\(s\) URL/],
    [{ LOG_FORMAT: 'xml' }, /LOG_FORMAT must be json, pretty or off/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ PORT: '3000', METRICS_PORT: '3000' }, /METRICS_PORT must differ from PORT \(3000\)/],
    [{ SHUTDOWN_GRACE_SECONDS: '-1' }, /SHUTDOWN_GRACE_SECONDS must be a whole number from 0 to 3600/],
    [{ COOKIE_SECURE: 'maybe' }, /COOKIE_SECURE must be true or false/],
    [{ ALLOWED_ORIGINS: 'localhost:3001' }, /ALLOWED_ORIGINS entries must look like/],
    [{ ARGON2_COST: 'cheap' }, /ARGON2_COST must be "standard" or "test"/],
    [{ ARGON2_COST: 'test' }, /ARGON2_COST=test is only allowed with NODE_ENV=test \(got "development"\)/],
    [
      { ARGON2_COST: 'test', NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) },
      /ARGON2_COST=test is only allowed with NODE_ENV=test/,
    ],
  ])('refuses %j with a one-line reason', (env, message) => {
    const attempt = () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
  });
});
