import { fileURLToPath } from 'node:url';
import { DataSource } from 'typeorm';
import { parseDatabase, resolveDataDir } from '../config/database.config.js';
import { resolveDataSourceOptions } from './data-source.js';

/**
 * The data source of TypeORM's CLI (`typeorm -d dist/database/cli-data-source.js <command>`,
 * which migration-cli.ts runs): the database the app would use with this environment
 * (DATABASE_URL, else the SQLite file in DATA_DIR). Only the CLI imports this file: it asks a
 * MySQL server for its flavour as it loads.
 */
const options = await resolveDataSourceOptions(parseDatabase(process.env, resolveDataDir(process.env)));

// The app registers each feature's entities through its module; the CLI has no modules, so it
// finds them by their file name in the build it runs from (dist/**/*.entity.js).
export default new DataSource({
  ...options,
  entities: [fileURLToPath(new URL('../**/*.entity.js', import.meta.url))],
});
