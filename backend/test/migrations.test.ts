import { describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { resolveDataSourceOptions } from '../src/database/data-source.js';
import { runMigrations } from '../src/database/database.module.js';
import { loadConfig } from '../src/config/app.config.js';
import { createTestDatabase, DIALECTS } from './support/test-app.js';

describe.each(DIALECTS)('migrations on %s', (dialect) => {
  it('bring an empty database to exactly the schema the entities describe', async () => {
    const database = await createTestDatabase(dialect);
    const dataSource = new DataSource(await resolveDataSourceOptions(loadConfig(database.env).database));
    try {
      await dataSource.initialize();
      await runMigrations(dataSource);
      const pending = await dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((query) => query.query)).toEqual([]);
      // Running them again is a no-op (a restarted or second instance).
      await runMigrations(dataSource);
      expect(await dataSource.showMigrations()).toBe(false);
    } finally {
      if (dataSource.isInitialized) await dataSource.destroy();
      await database.drop();
    }
  });
});
