import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source.js';
import { DataVersionReader } from './data-version.reader.js';

/** better-sqlite3's connection under TypeORM: a write that commits at once, in this very turn. */
type Connection = { prepare(sql: string): { run(...values: unknown[]): unknown } };

/**
 * On a real SQLite database (in memory) with the production migrations: a read must never miss
 * a write committed before it was asked for, even when calls close together share one read.
 */
describe('DataVersionReader on SQLite', () => {
  let dataSource: DataSource;
  let reader: DataVersionReader;
  let bump: () => void;

  beforeEach(async () => {
    dataSource = new DataSource(dataSourceOptions({ type: 'sqlite', path: ':memory:' }));
    await dataSource.initialize();
    await dataSource.runMigrations();
    await dataSource.query(`INSERT INTO data_version (name, version) VALUES ('test', 7)`);
    const connection = (dataSource.driver as unknown as { databaseConnection: Connection })
      .databaseConnection;
    const update = connection.prepare(`UPDATE data_version SET version = version + 1 WHERE name = 'test'`);
    bump = () => update.run();
    reader = new DataVersionReader(dataSource, 'test');
  });
  afterEach(() => dataSource.destroy());

  it('calls in one turn share one read, made after the last of them', async () => {
    const first = reader.read();
    bump(); // committed after the first call, before the second
    const second = reader.read();
    expect(second).toBe(first);
    await expect(first).resolves.toBe(8);
  });

  it('a call after a read has run gets a read of its own, which sees the writes since', async () => {
    const first = reader.read();
    await expect(first).resolves.toBe(7);
    bump();
    const second = reader.read();
    expect(second).not.toBe(first);
    await expect(second).resolves.toBe(8);
  });

  it('a missing row reads as version 0', async () => {
    await expect(new DataVersionReader(dataSource, 'nothing yet').read()).resolves.toBe(0);
  });

  it('a failed read fails every call that shared it, and the next call reads again', async () => {
    await dataSource.query(`ALTER TABLE data_version RENAME TO data_version_gone`);
    const calls = [reader.read(), reader.read()];
    for (const call of calls) await expect(call).rejects.toThrow(/no such table/);
    await dataSource.query(`ALTER TABLE data_version_gone RENAME TO data_version`);
    await expect(reader.read()).resolves.toBe(7);
  });
});
