import { fileURLToPath } from 'node:url';
import { DataSource } from 'typeorm';
import { parseDatabase, resolveDataDir } from '../config/database.config.js';
import { resolveDataSourceOptions } from './data-source.js';

/** TypeORM CLI's data source (migration-cli.ts): the app's database for this environment. Only the CLI imports it. */
const options = await resolveDataSourceOptions(parseDatabase(process.env, resolveDataDir(process.env)));

// The CLI has no modules to register the entities: it finds them in the build it runs from.
export default new DataSource({
  ...options,
  entities: [fileURLToPath(new URL('../**/*.entity.js', import.meta.url))],
});
