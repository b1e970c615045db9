import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source.js';
import { waitForLocksOnTimers } from './sqlite-lock-wait.js';
import { SystemFlag } from './database.entity.js';
import { TransactionRunner } from './transaction-runner.js';

type Connection = { exec(sql: string): unknown };
const connectionOf = (dataSource: DataSource) =>
  (dataSource.driver as unknown as { databaseConnection: Connection }).databaseConnection;

describe('waitForLocksOnTimers on SQLite', () => {
  let folder: string;
  let server: DataSource;
  let worker: DataSource;
  const open = async () =>
    new DataSource(
      dataSourceOptions({ type: 'sqlite', path: join(folder, 'directory.sqlite') }),
    ).initialize();

  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'lock-wait-'));
    server = await open();
    await server.runMigrations();
    waitForLocksOnTimers(server);
    worker = await open();
  });
  afterEach(async () => {
    await worker.destroy();
    await server.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  it("waits out another connection's write with the event loop turning, then writes", async () => {
    connectionOf(worker).exec("BEGIN IMMEDIATE; INSERT INTO system_flag (name) VALUES ('worker')");
    let turns = 0;
    const ticking = setInterval(() => turns++, 5);
    const writes = Promise.all([
      server.getRepository(SystemFlag).insert({ name: 'alone' }),
      new TransactionRunner(server).run((manager) =>
        manager.insert(SystemFlag, { name: 'in a transaction' }),
      ),
    ]);
    await sleep(200);
    clearInterval(ticking);
    expect(turns).toBeGreaterThan(10);
    connectionOf(worker).exec('COMMIT');
    await writes;
    const names = (await server.getRepository(SystemFlag).find({ order: { name: 'ASC' } })).map(
      (f) => f.name,
    );
    expect(names).toEqual(['alone', 'in a transaction', 'worker']);
  });
});
