import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataSource } from 'typeorm';
import { resolveDataSourceOptions } from '../src/database/data-source.js';
import { AddShopSlugsAndWhatsapp1795438276593 } from '../src/database/migrations/mysql/1795438276593-AddShopSlugsAndWhatsapp.js';
import { AddShopSlugsAndWhatsapp1795438272090 } from '../src/database/migrations/sqlite/1795438272090-AddShopSlugsAndWhatsapp.js';
import { runMigrations } from '../src/database/database.module.js';
import { loadConfig } from '../src/config/app.config.js';
import { createTestDatabase, DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

const SOURCE = fileURLToPath(new URL('../src/', import.meta.url));

/** The classes that the `*.entity.ts` files of src/ declare (database.entity.ts holds several). */
function entityClassesInSource(): string[] {
  return readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.entity.ts'))
    .flatMap((file) => [...readFileSync(join(SOURCE, file), 'utf8').matchAll(/^export class (\w+)/gm)])
    .map((match) => match[1])
    .sort();
}

describe.each(DIALECTS)('migrations on %s', (dialect) => {
  it("bring an empty database to exactly the schema the modules' entities describe", async () => {
    // The app's own data source: the entities are those its modules register (autoLoadEntities),
    // and it ran the migrations as it started.
    const { dataSource, close } = await startAppOnFreshDatabase(dialect);
    try {
      // Every entity file is registered by a module (the migration CLI finds the same files by name).
      expect(dataSource.entityMetadatas.map((entity) => (entity.target as Function).name).sort()).toEqual(
        entityClassesInSource(),
      );
      const pending = await dataSource.driver.createSchemaBuilder().log();
      expect(pending.upQueries.map((query) => query.query)).toEqual([]);
      // Running them again is a no-op (a restarted or second instance).
      await runMigrations(dataSource);
      expect(await dataSource.showMigrations()).toBe(false);
    } finally {
      await close();
    }
  });

  it('give the shops of an existing directory their slugs, the older namesake the plain one', async () => {
    const database = await createTestDatabase(dialect);
    const options = await resolveDataSourceOptions(loadConfig(database.env).database);
    const slugMigration = [AddShopSlugsAndWhatsapp1795438272090, AddShopSlugsAndWhatsapp1795438276593];
    const before = new DataSource({
      ...options,
      migrations: (options.migrations as (typeof slugMigration)[number][]).filter(
        (migration) => !slugMigration.includes(migration),
      ),
    });
    const after = new DataSource(options);
    try {
      await before.initialize();
      await runMigrations(before);
      const q = dialect === 'sqlite' ? '"' : '`';
      const columns = ['id', 'name', 'description', 'address', 'city', 'state', 'phone', 'email']
        .concat(['logo', 'map_image_url', 'google_maps_url', 'created_at'])
        .map((column) => `${q}${column}${q}`);
      const insert = `INSERT INTO ${q}shop${q} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
      const shop = (id: string, name: string, city: string, createdAt: string) => [
        `00000000-0000-4000-8000-00000000000${id}`,
        name,
        'd',
        'a',
        city,
        's',
        '+52 1234567',
        'a@b.mx',
        'medal',
        'https://maps.example/m.png',
        'https://maps.example/',
        createdAt,
      ];
      await before.query(insert, shop('1', 'Armería del Bajío', 'León', '2026-01-02 00:00:00'));
      await before.query(insert, shop('2', 'Armeria del Bajio', 'Leon', '2026-01-01 00:00:00'));
      await before.query(insert, shop('3', 'Ñandú', 'Mérida', '2026-01-03 00:00:00'));
      await before.destroy();

      await after.initialize();
      await runMigrations(after);
      const rows = (await after.query(
        `SELECT ${q}id${q} AS id, ${q}slug${q} AS slug, ${q}whatsapp${q} AS whatsapp FROM ${q}shop${q} ORDER BY ${q}id${q}`,
      )) as { id: string; slug: string; whatsapp: string | null }[];
      expect(rows.map((row) => [row.slug, row.whatsapp])).toEqual([
        ['armeria-del-bajio-leon-2', null],
        ['armeria-del-bajio-leon', null],
        ['nandu-merida', null],
      ]);
    } finally {
      if (before.isInitialized) await before.destroy();
      if (after.isInitialized) await after.destroy();
      await database.drop();
    }
  });
});
