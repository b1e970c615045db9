import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { setImmediate } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { SLICE_MS } from '../common/event-loop-turns.js';
import { dataSourceOptions } from './data-source.js';
import { SystemFlag } from './system-flag.entity.js';
import { TransactionRunner } from './transaction-runner.js';

/**
 * A transaction that takes turns (TransactionRunner.turn) on SQLite's one connection, on a real
 * SQLite database (in memory) with the production migrations: what another request does
 * meanwhile must stay outside it.
 */
describe('TransactionRunner on SQLite, taking turns', () => {
  let dataSource: DataSource;
  let transactions: TransactionRunner;
  const names = async () =>
    (await dataSource.getRepository(SystemFlag).find({ order: { name: 'ASC' } })).map((flag) => flag.name);

  beforeEach(async () => {
    dataSource = new DataSource(dataSourceOptions({ type: 'sqlite', path: ':memory:' }));
    await dataSource.initialize();
    await dataSource.runMigrations();
    transactions = new TransactionRunner(dataSource);
  });
  afterEach(() => dataSource.destroy());

  it('keeps other queries out until it ends: they neither see its rows nor are undone with it', async () => {
    let inside!: () => void;
    const turned = new Promise<void>((resolve) => (inside = resolve));
    const failing = transactions.run(async (manager) => {
      await manager.insert(SystemFlag, { name: 'restore:1' });
      await transactions.turn();
      inside();
      await sleep(50);
      // Its own queries still go through while it holds the connection.
      expect((await manager.find(SystemFlag)).map((flag) => flag.name)).toEqual(['restore:1']);
      throw new Error('the restore fails');
    });
    await turned;
    // Another request, while the transaction is open: its read and its write wait for the end.
    const read = names();
    const written = dataSource.getRepository(SystemFlag).insert({ name: 'visitor:1' });
    await expect(failing).rejects.toThrow('the restore fails');
    expect(await read).not.toContain('restore:1');
    await written;
    expect(await names()).toEqual(['visitor:1']);
  });

  it('lets the event loop turn, and commits what it wrote', async () => {
    let outsideRan = false;
    setImmediate(() => (outsideRan = true));
    const seen = await transactions.run(async (manager) => {
      await manager.insert(SystemFlag, { name: 'shop:1' });
      const before = outsideRan;
      const heldUntil = performance.now() + SLICE_MS;
      while (performance.now() < heldUntil); // the loop held for a slice
      await transactions.turn();
      return { before, after: outsideRan };
    });
    // better-sqlite3 answers synchronously: nothing else ran until the transaction's turn.
    expect(seen).toEqual({ before: false, after: true });
    expect(await names()).toEqual(['shop:1']);
  });

  it('takes a turn only once the loop has been held for a slice since the last one', async () => {
    const turns = await transactions.run(async (manager) => {
      let count = 0;
      const counting = () => {
        let ran = false;
        setImmediate(() => (ran = true));
        return transactions.turn().then(() => (count += ran ? 1 : 0));
      };
      let clock = performance.now() + 1_000;
      const now = jest.spyOn(performance, 'now').mockImplementation(() => clock);
      try {
        await counting(); // the first: nothing gave the loop back yet, so it turns
        await manager.insert(SystemFlag, { name: 'quick' });
        clock += SLICE_MS / 2;
        await counting(); // half a slice since that turn: none
        clock += SLICE_MS;
        await counting(); // a slice and a half: a turn
      } finally {
        now.mockRestore();
      }
      return count;
    });
    expect(turns).toBe(2);
  });

  it('queues a second transaction behind the first, and each sees the other only once committed', async () => {
    const order: string[] = [];
    const first = transactions.run(async (manager) => {
      await manager.insert(SystemFlag, { name: 'a' });
      await transactions.turn();
      await sleep(20);
      order.push('first');
    });
    const second = transactions.run(async (manager) => {
      order.push(`second sees ${(await manager.find(SystemFlag)).map((flag) => flag.name).join()}`);
    });
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second sees a']);
  });
});
