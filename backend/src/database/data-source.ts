import type { DataSourceOptions } from 'typeorm';
import type { DatabaseConfig } from '../config/database.config.js';
import { DataVersion } from './data-version.entity.js';
import { DatabaseLogger } from './database-logger.js';
import { JobLock } from './job-lock.entity.js';
import { mysqlMigrations } from './migrations/mysql/index.js';
import { sqliteMigrations } from './migrations/sqlite/index.js';
import { PendingObject } from './pending-object.entity.js';
import { SystemFlag } from './system-flag.entity.js';
import { UnattachedObject } from './unattached-object.entity.js';
import { AssignUuidSubscriber } from './uuid-primary-key.js';

/**
 * The tables of the database layer itself, which several features share. A feature's own
 * entities are registered by its module (TypeOrmModule.forFeature, with autoLoadEntities in
 * DatabaseModule), so this layer names none of them.
 */
export const DATABASE_ENTITIES = [DataVersion, JobLock, PendingObject, SystemFlag, UnattachedObject];

/**
 * The one description of the database, shared by the app and the TypeORM CLI
 * (cli-data-source.ts). Migrations are imported as classes, never found by glob, so `src` and
 * `dist` cannot disagree. Importing this file connects to nothing.
 */
export function dataSourceOptions(
  database: DatabaseConfig,
  flavour: 'mysql' | 'mariadb' = 'mysql',
): DataSourceOptions {
  const common = {
    entities: DATABASE_ENTITIES,
    subscribers: [AssignUuidSubscriber],
    synchronize: false,
    migrationsRun: false,
    migrationsTransactionMode: 'each' as const,
    logging: ['error' as const, 'warn' as const],
    logger: new DatabaseLogger(),
  };
  if (database.type === 'sqlite') {
    return {
      ...common,
      type: 'better-sqlite3',
      database: database.path,
      migrations: sqliteMigrations,
      enableWAL: true,
      prepareDatabase: (db: { pragma(sql: string): unknown }) => {
        db.pragma('foreign_keys = ON');
        // Deleted and overwritten content is zeroed in its page (and freed pages are zeroed), not
        // left in free space where the file's bytes still show it: an erased submitter's e-mail
        // is gone from the file, not only from the row. The write-ahead log's older copies of the
        // page go with the checkpoint after an erasure (VisitorDataRetentionService).
        db.pragma('secure_delete = ON');
      },
    };
  }
  return {
    ...common,
    type: flavour,
    url: database.url,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    migrations: mysqlMigrations,
    // mysql2 caches up to 16,000 prepared statements a connection by default, in an LRU that
    // allocates its four 16,000-slot arrays up front: 512 KB a connection, 5 MB of live heap for
    // the pool. The backend prepares one statement (the data version read).
    extra: { connectionLimit: 10, maxPreparedStatements: 16 },
  };
}

/**
 * MySQL and MariaDB speak one protocol but describe columns differently (MariaDB reports a
 * nullable column's default as the text NULL); TypeORM compares schemas correctly only when
 * told which one it talks to, so the server is asked once before connecting.
 */
export async function detectFlavour(database: DatabaseConfig): Promise<'mysql' | 'mariadb'> {
  if (database.type !== 'mysql') return 'mysql';
  // Loaded here, not at start-up: a SQLite installation never needs the MySQL client.
  const { default: mysql } = await import('mysql2/promise');
  const connection = await mysql.createConnection({ uri: database.url, connectTimeout: 10_000 });
  try {
    const [rows] = await connection.query('SELECT VERSION() AS version');
    return /mariadb/i.test(String((rows as { version: string }[])[0]?.version)) ? 'mariadb' : 'mysql';
  } finally {
    await connection.end();
  }
}

export async function resolveDataSourceOptions(database: DatabaseConfig): Promise<DataSourceOptions> {
  return dataSourceOptions(database, await detectFlavour(database));
}
