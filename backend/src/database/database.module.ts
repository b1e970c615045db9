import { Global, Logger, Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DatabaseConfig } from '../config/database.config.js';
import { resolveDataSourceOptions } from './data-source.js';
import { bindNumbersAsParameters } from './sqlite-number-parameters.js';
import { JobLockService } from './job-lock.service.js';
import { SqliteCheckpointer } from './sqlite-checkpointer.js';
import { waitForLocksOnTimers } from './sqlite-lock-wait.js';
import { TransactionRunner } from './transaction-runner.js';

const logger = new Logger('Database');

/** Brings the schema up to date at start-up; on MySQL a named lock keeps two replicas from both running them. */
export async function runMigrations(dataSource: DataSource): Promise<void> {
  // MySQL and MariaDB alike: the type says which one the server is ('mysql' or 'mariadb').
  const lock = dataSource.options.type === 'better-sqlite3' ? undefined : dataSource.createQueryRunner();
  try {
    await lock?.query("SELECT GET_LOCK('atm_directory_migrations', 120)");
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length)
      logger.log(`Applied ${applied.length} migration(s): ${applied.map((m) => m.name).join(', ')}`);
  } finally {
    await lock?.query("SELECT RELEASE_LOCK('atm_directory_migrations')").catch(() => undefined);
    await lock?.release();
  }
}

/** The TypeORM connection for the configured dialect, migrated before the app serves. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(database: DatabaseConfig): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: async () => ({
            ...(await resolveDataSourceOptions(database)),
            // Each feature module registers its own entities (TypeOrmModule.forFeature).
            autoLoadEntities: true,
            retryAttempts: 5,
            retryDelay: 2000,
          }),
          dataSourceFactory: async (options) => {
            const dataSource = await new DataSource(options!).initialize();
            bindNumbersAsParameters(dataSource);
            await runMigrations(dataSource);
            waitForLocksOnTimers(dataSource);
            return dataSource;
          },
        }),
      ],
      // One JobLockService: it knows this process's locks, and a stopping replica waits for its jobs.
      providers: [TransactionRunner, JobLockService, SqliteCheckpointer],
      exports: [TransactionRunner, JobLockService],
    };
  }
}
