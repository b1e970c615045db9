import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DataVersionReader } from '../src/database/data-version.reader.js';
import {
  createTestDatabase,
  DIALECTS,
  startApp,
  type TestApp,
  type TestDatabase,
} from './support/test-app.js';

/**
 * The data version as every public request reads it, on each dialect's real database: calls
 * close together share one read, and a call never gets a read that began before it (which could
 * miss a write committed just before the request). The same-turn case, which needs a write
 * committed synchronously, is in data-version.reader.spec.ts (SQLite).
 */
describe.each(DIALECTS)('the data version on %s', (dialect) => {
  let database: TestDatabase;
  let app: TestApp;
  let reader: DataVersionReader;
  const bump = () =>
    app.dataSource.query(`UPDATE data_version SET version = version + 1 WHERE name = 'test'`);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    app = await startApp(database.env);
    await app.dataSource.query(`INSERT INTO data_version (name, version) VALUES ('test', 7)`);
    reader = new DataVersionReader(app.dataSource, 'test');
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('calls in one turn share one read', async () => {
    const first = reader.read();
    expect(reader.read()).toBe(first);
    await expect(first).resolves.toBe(7);
  });

  it('a call made once a read has started waits for a read of its own, which sees the writes since', async () => {
    const before = await reader.read();
    const started = reader.read();
    await nextTurn(); // the shared read has started by now
    await bump();
    const after = reader.read();
    expect(after).not.toBe(started);
    await expect(after).resolves.toBe(before + 1);
    expect([before, before + 1]).toContain(await started);
  });

  it('many calls over many turns: each sees at least every write committed before it', async () => {
    const calls: Promise<void>[] = [];
    for (let i = 0; i < 20; i += 1) {
      await bump();
      const committed = Number(
        (
          (await app.dataSource.query(`SELECT version FROM data_version WHERE name = 'test'`)) as {
            version: number | string;
          }[]
        )[0].version,
      );
      calls.push(reader.read().then((seen) => expect(seen).toBeGreaterThanOrEqual(committed)));
      if (i % 3 === 0) await nextTurn();
    }
    await Promise.all(calls);
  });
});

/**
 * mysql2 keeps an LRU of prepared statements on each pooled connection, 16,000 slots by default,
 * allocated up front (four arrays of 128 KB): 5 MB of live heap for a pool of ten. The backend
 * prepares one statement, so the production options ask for a small cache; this checks that
 * TypeORM passes them through to every connection the pool opens.
 */
(DIALECTS.includes('mysql') ? describe : describe.skip)('the MariaDB pool', () => {
  let database: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('mysql');
    app = await startApp(database.env);
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('gives each connection a statement cache of 16, and the data version is still read through it', async () => {
    // Ten reads at once open ten connections (the pool's limit).
    await Promise.all(Array.from({ length: 10 }, () => app.dataSource.query('SELECT SLEEP(0.05)')));
    const pool = (app.dataSource.driver as unknown as { pool: { _allConnections: { toArray(): unknown[] } } })
      .pool;
    const connections = pool._allConnections.toArray() as { _statements: { max: number } }[];
    expect(connections.length).toBe(10);
    for (const connection of connections) expect(connection._statements.max).toBe(16);
    await app.dataSource.query(`INSERT INTO data_version (name, version) VALUES ('pool', 3)`);
    await expect(new DataVersionReader(app.dataSource, 'pool').read()).resolves.toBe(3);
  });
});
