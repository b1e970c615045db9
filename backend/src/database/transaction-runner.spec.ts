import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source.js';
import { SystemFlag } from './database.entity.js';
import { TransactionRunner } from './transaction-runner.js';

/**
 * TransactionRunner on a real SQLite database file with the production migrations, opened twice
 * as the web server and a backup worker each open it.
 */
describe('TransactionRunner on SQLite', () => {
  let folder: string;
  let server: DataSource;
  let transactions: TransactionRunner;
  const open = async () =>
    new DataSource(
      dataSourceOptions({ type: 'sqlite', path: join(folder, 'directory.sqlite') }),
    ).initialize();
  const names = async (dataSource = server) =>
    (await dataSource.getRepository(SystemFlag).find({ order: { name: 'ASC' } })).map((flag) => flag.name);

  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'transaction-runner-'));
    server = await open();
    await server.runMigrations();
    transactions = new TransactionRunner(server);
  });
  afterEach(async () => {
    await server.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  it('queues a second transaction behind the first, and each sees the other only once committed', async () => {
    const order: string[] = [];
    const first = transactions.run(async (manager) => {
      await manager.insert(SystemFlag, { name: 'a' });
      await sleep(20);
      order.push('first');
    });
    const second = transactions.run(async (manager) => {
      order.push(`second sees ${(await manager.find(SystemFlag)).map((flag) => flag.name).join()}`);
    });
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second sees a']);
  });

  it('takes the write lock as it begins: another connection (the worker beside the server) cannot write in between', async () => {
    const worker = await open();
    const serverConnection = (
      server.driver as unknown as { databaseConnection: { pragma(sql: string): unknown } }
    ).databaseConnection;
    serverConnection.pragma('busy_timeout = 0'); // a refusal now, rather than a wait on this one thread
    try {
      await new TransactionRunner(worker).run(async (manager) => {
        await manager.find(SystemFlag); // only a read so far
        await expect(server.getRepository(SystemFlag).insert({ name: 'server' })).rejects.toThrow(
          /locked|busy/i,
        );
        await manager.insert(SystemFlag, { name: 'worker' });
      });
      await server.getRepository(SystemFlag).insert({ name: 'server' });
      expect(await names()).toEqual(['server', 'worker']);
    } finally {
      await worker.destroy();
    }
  });
});
