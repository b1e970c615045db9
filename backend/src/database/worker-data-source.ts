import { DataSource, type EntitySchema } from 'typeorm';
import type { DatabaseConfig } from '../config/database.config.js';
import { dataSourceOptions } from './data-source.js';
import { bindNumbersAsParameters } from './sqlite-number-parameters.js';

/** What a worker thread needs to open a connection of its own to the app's database. */
export interface WorkerDatabase {
  config: DatabaseConfig;
  /** The server's dialect as the web server's connection found it (no second VERSION() query). */
  flavour: 'mysql' | 'mariadb';
}

/** The app's database as a worker opens it: `dataSource` is the web server's connection. */
export function workerDatabaseOf(config: DatabaseConfig, dataSource: DataSource): WorkerDatabase {
  return { config, flavour: dataSource.options.type === 'mariadb' ? 'mariadb' : 'mysql' };
}

let opened: { key: string; dataSource: Promise<DataSource> } | undefined;

/** The worker's own connection: on SQLite its busy handler waits for a writer, sleeping only this thread. */
export function workerDataSource(
  database: WorkerDatabase,
  // The feature entities the task uses: a worker has no modules to register them.
  entities: readonly (Function | EntitySchema)[],
): Promise<DataSource> {
  const key = JSON.stringify(database);
  if (opened?.key !== key) {
    const previous = opened?.dataSource;
    const options = dataSourceOptions(database.config, database.flavour);
    const all = [...(options.entities as []), ...entities];
    const dataSource = (async () => {
      await previous?.then((old) => old.destroy()).catch(() => undefined);
      const fresh = await new DataSource(
        options.type === 'better-sqlite3'
          ? { ...options, entities: all }
          : { ...options, entities: all, extra: { connectionLimit: 2, maxPreparedStatements: 16 } },
      ).initialize();
      bindNumbersAsParameters(fresh);
      return fresh;
    })();
    opened = { key, dataSource };
    dataSource.catch(() => {
      if (opened?.dataSource === dataSource) opened = undefined;
    });
  }
  return opened.dataSource;
}
