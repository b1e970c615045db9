import BetterSqlite3 from 'better-sqlite3';
import type { DataSourceOptions } from 'typeorm';
import type { DatabaseConfig } from '../config/database.config.js';
import { DataVersion, JobLock, PendingObject, SystemFlag, UnattachedObject } from './database.entity.js';
import { DatabaseLogger } from './database-logger.js';
import { mysqlMigrations } from './migrations/mysql/index.js';
import { sqliteMigrations } from './migrations/sqlite/index.js';
import { AssignUuidSubscriber } from './uuid-primary-key.js';

/** The database layer's own tables, which features share; modules register theirs (autoLoadEntities). */
export const DATABASE_ENTITIES = [DataVersion, JobLock, PendingObject, SystemFlag, UnattachedObject];

/** The one description of the database (app, workers, CLI); migrations imported as classes, never by glob. */
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
      // Given, not left to TypeORM's require by name, which the start-up bundle cannot follow.
      driver: BetterSqlite3,
      database: database.path,
      migrations: sqliteMigrations,
      enableWAL: true,
      prepareDatabase: (db: { pragma(sql: string): unknown }) => {
        db.pragma('foreign_keys = ON');
        // Deleted content is zeroed, not left in free pages: an erased e-mail is gone from the file too
        // (the log's copies go with the checkpoint after an erasure).
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
    // mysql2's default cache of prepared statements costs memory a connection; the backend prepares one.
    extra: { connectionLimit: 10, maxPreparedStatements: 16 },
  };
}

/** The options, told MySQL or MariaDB: TypeORM compares schemas right only when it knows which. */
export async function resolveDataSourceOptions(database: DatabaseConfig): Promise<DataSourceOptions> {
  if (database.type !== 'mysql') return dataSourceOptions(database);
  // Loaded here, not at start-up: a SQLite installation never needs the MySQL client.
  const [{ default: mysql }, { default: mysqlDriver }] = await Promise.all([
    import('mysql2/promise'),
    import('mysql2'),
  ]);
  const connection = await mysql.createConnection({ uri: database.url, connectTimeout: 10_000 });
  try {
    const [rows] = await connection.query('SELECT VERSION() AS version');
    const version = String((rows as { version: string }[])[0]?.version);
    return {
      ...dataSourceOptions(database, /mariadb/i.test(version) ? 'mariadb' : 'mysql'),
      driver: mysqlDriver,
    };
  } finally {
    await connection.end();
  }
}
