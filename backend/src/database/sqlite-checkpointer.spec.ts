import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source.js';
import { SqliteCheckpointer } from './sqlite-checkpointer.js';

/**
 * On a real SQLite file: once the checkpointer runs, a large commit leaves its pages in the
 * write-ahead log (the committing connection no longer copies them into the database file), and
 * the worker's checkpoint does copy them.
 */
describe('SqliteCheckpointer', () => {
  let dir: string;
  let path: string;
  let dataSource: DataSource;
  let checkpointer: SqliteCheckpointer;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atm-checkpoint-'));
    path = join(dir, 'directory.sqlite');
    dataSource = await new DataSource(dataSourceOptions({ type: 'sqlite', path })).initialize();
    // Outside an app nothing schedules its once-a-second job: the test runs each checkpoint
    // itself, at known moments.
    checkpointer = new SqliteCheckpointer(dataSource);
    await checkpointer.onModuleInit();
  });

  afterEach(async () => {
    await checkpointer.onApplicationShutdown();
    await dataSource.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('moves the log into the database file off the committing connection', async () => {
    await dataSource.query('CREATE TABLE filler (text TEXT NOT NULL)');
    await checkpointer.checkpointIfChanged(path);
    const before = statSync(path).size;
    // 6 MB: over the 1,000 pages (4 MB) at which a commit would copy the log itself.
    await dataSource.transaction(async (manager) => {
      for (let i = 0; i < 6_000; i++)
        await manager.query('INSERT INTO filler VALUES (?)', ['x'.repeat(1024)]);
    });
    expect(statSync(path).size).toBe(before);
    expect(statSync(`${path}-wal`).size).toBeGreaterThan(6_000_000);

    await checkpointer.checkpointIfChanged(path);
    expect(statSync(path).size).toBeGreaterThan(before + 6_000_000);
    const [{ count }] = (await dataSource.query('SELECT COUNT(*) AS count FROM filler')) as {
      count: number;
    }[];
    expect(count).toBe(6_000);
  });
});
