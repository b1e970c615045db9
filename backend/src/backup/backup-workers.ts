import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Writable } from 'node:stream';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import type { Piscina } from 'piscina';
import { DataSource } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import { doneOf } from '../common/api-error.js';
import { backgroundPool } from '../common/background-pool.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { workerDatabaseOf } from '../database/worker-data-source.js';
import type { FullBackupWritten } from './backup-archive.js';
import type { BackupFile, RestoreSource } from './backup-reader.js';
import type { BackupWorkerConfig } from './backup-worker-context.js';
import type { RestorePreviewDto, RestoreResultDto } from './dto/backup.dto.js';
import { relayToResponse } from './worker-relay.js';

/** Backups and restores in the backup worker, which they share as they mostly wait; this thread relays. */
@Injectable()
export class BackupWorkers implements OnModuleDestroy {
  private pool?: Piscina;
  private readonly config: BackupWorkerConfig;

  constructor(@Inject(APP_CONFIG) appConfig: AppConfig, @InjectDataSource() dataSource: DataSource) {
    this.config = {
      database: workerDatabaseOf(appConfig.database, dataSource),
      storage: appConfig.storage,
    };
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }

  /** Streams the complete backup to `response`; resolves once the response has all of it. */
  async fullBackup(response: Writable): Promise<FullBackupWritten> {
    const { port1, port2 } = new MessageChannel();
    const task = this.run<FullBackupWritten>('fullBackup', { config: this.config, port: port1 }, [port1]);
    await relayToResponse(port2, response, task);
    return task;
  }

  /** Writes the complete backup into the new file `path`. */
  fullBackupToFile(path: string, createdAt: Date): Promise<FullBackupWritten> {
    return this.run('fullBackupToFile', { config: this.config, path, createdAt });
  }

  /** Streams the data-only backup to `response`; `beforeLast` gets its size and shops before its last piece. */
  async dataBackup(
    response: Writable,
    beforeLast: (written: { bytes: number; shops: number }) => Promise<void>,
  ): Promise<void> {
    const { port1, port2 } = new MessageChannel();
    const task = this.run<number>('dataBackup', { config: this.config, port: port1 }, [port1]);
    await relayToResponse(port2, response, task, async (bytes) => beforeLast({ bytes, shops: await task }));
  }

  async preview(file: BackupFile, maxShops: number): Promise<RestorePreviewDto> {
    return doneOf(await this.run('preview', { config: this.config, file, maxShops }));
  }

  async restore(
    file: BackupFile,
    maxShops: number,
    log: { actor: ActivityActor; source: RestoreSource },
  ): Promise<RestoreResultDto> {
    return doneOf(await this.run('restore', { config: this.config, file, maxShops, ...log }));
  }

  private run<T>(name: string, task: object, transferList?: MessagePort[]): Promise<T> {
    this.pool ??= backgroundPool('backup/backup.worker.js', { concurrentTasks: 4 });
    return this.pool.run(task, { name, transferList }) as Promise<T>;
  }
}
