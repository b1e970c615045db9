import { resolve } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { AdminUser } from '../admin-users/admin-user.entity.js';
import { LoginAttempt } from '../auth/login-attempt.entity.js';
import { Session } from '../sessions/session.entity.js';
import { parseDatabase, type DatabaseConfig } from '../config/app.config.js';
import { mysqlMigrations } from './migrations/mysql/index.js';
import { sqliteMigrations } from './migrations/sqlite/index.js';
import { SystemFlag } from './system-flag.entity.js';

/** Every entity of the app, listed once for the app, the tests and the migration CLI. */
export const ENTITIES = [AdminUser, Session, LoginAttempt, SystemFlag];

/**
 * The one description of the database, shared by the app and the TypeORM CLI. Migrations are
 * imported as classes, never found by glob, so `src` and `dist` cannot disagree.
 */
export function dataSourceOptions(database: DatabaseConfig): DataSourceOptions {
  const common = {
    entities: ENTITIES,
    synchronize: false,
    migrationsRun: false,
    migrationsTransactionMode: 'each' as const,
    logging: ['error' as const],
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
        db.pragma('busy_timeout = 5000');
      },
    };
  }
  return {
    ...common,
    type: 'mysql',
    url: database.url,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    migrations: mysqlMigrations,
    extra: { connectionLimit: 10 },
  };
}

/** For the TypeORM CLI: `typeorm -d backend/dist/database/data-source.js migration:show`. */
export default new DataSource(
  dataSourceOptions(parseDatabase(process.env, resolve(process.env.DATA_DIR?.trim() || 'data'))),
);
