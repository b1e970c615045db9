import type { DataSource } from 'typeorm';
import { ActivityEntry } from '../activity/activity-entry.entity.js';
import { VisitorRequest } from '../visitor-requests/visitor-request.entity.js';
import { BackupRecord } from './backup-record.entity.js';
import { ActivityService } from '../activity/activity.service.js';
import type { StorageConfig } from '../config/storage.config.js';
import { workerDataSource, type WorkerDatabase } from '../database/worker-data-source.js';
import { TransactionRunner } from '../database/transaction-runner.js';
import { SHOP_WRITER_ENTITIES, ShopWriter } from '../shops/shop-writer.js';
import type { ObjectStorage } from '../uploads/object-storage.js';
import { storageFromConfig } from '../uploads/storage-from-config.js';

/** What a backup worker needs to open its own connection and object store: plain data, sent with each task. */
export interface BackupWorkerConfig {
  database: WorkerDatabase;
  storage: StorageConfig;
}

/** The worker thread's own database connection, object store and the services that use them. */
export interface BackupWorkerContext {
  dataSource: DataSource;
  storage: ObjectStorage;
  transactions: TransactionRunner;
  activity: ActivityService;
  writer: ShopWriter;
}

/** The tables a backup reads and a restore writes, beside the database layer's own. */
const BACKUP_ENTITIES = [...SHOP_WRITER_ENTITIES, ActivityEntry, VisitorRequest, BackupRecord];

let opened: Promise<BackupWorkerContext> | undefined;

/**
 * Opened by the first task and kept: a thread serves one BackupWorkers, whose config never changes (an
 * idle thread stops, its connection with it). The server migrated the database before it served. SQLite
 * WAL lets this connection write beside the server's readers; a server write waits (busy timeout) for it.
 */
export function backupWorkerContext(config: BackupWorkerConfig): Promise<BackupWorkerContext> {
  if (!opened) {
    opened = open(config);
    opened.catch(() => (opened = undefined));
  }
  return opened;
}

async function open({ database, storage }: BackupWorkerConfig): Promise<BackupWorkerContext> {
  // Two connections on MySQL/MariaDB: a backup's reads and a restore's transaction.
  const dataSource = await workerDataSource(database, BACKUP_ENTITIES);
  const objects = await storageFromConfig(storage);
  const transactions = new TransactionRunner(dataSource);
  const activity = new ActivityService(dataSource);
  const writer = new ShopWriter(dataSource, activity, transactions);
  return { dataSource, storage: objects, transactions, activity, writer };
}
