import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source.js';
import { SystemFlag } from './system-flag.entity.js';
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

  it('runs a transaction again when another connection wrote after it read (the worker beside the server)', async () => {
    const worker = await open();
    try {
      let attempts = 0;
      await new TransactionRunner(worker).run(async (manager) => {
        attempts++;
        await manager.find(SystemFlag); // its snapshot starts here
        if (attempts === 1) await server.getRepository(SystemFlag).insert({ name: 'server' });
        await manager.insert(SystemFlag, { name: `worker:${attempts}` });
      });
      expect(attempts).toBe(2);
      expect(await names()).toEqual(['server', 'worker:2']);
    } finally {
      await worker.destroy();
    }
  });
});
