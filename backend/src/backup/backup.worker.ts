import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import type { MessagePort } from 'node:worker_threads';
import type { ActivityActor } from '../activity/activity-actor.js';
import { outcomeOf, type WorkerOutcome } from '../common/api-error.js';
import { writeArchive, writeDataBackup, type FullBackupWritten } from './backup-archive.js';
import type { BackupFile, RestoreSource } from './backup-reader.js';
import { backupWorkerContext, type BackupWorkerConfig } from './backup-worker-context.js';
import type { RestorePreviewDto, RestoreResultDto } from './dto/backup.dto.js';
import { previewRestore, restoreBackup } from './restore-job.js';
import { PortWritable } from './worker-relay.js';

/* The backup pool's worker thread (BackupWorkers): backups and restores, on its own connection and store. */

/** A download: its pieces go through `port` (relayToResponse on the server's side). */
export interface DownloadTask {
  config: BackupWorkerConfig;
  port: MessagePort;
}

export interface RestoreTask {
  config: BackupWorkerConfig;
  file: BackupFile;
  maxShops: number;
}

export type RestoreWriteTask = RestoreTask & { actor: ActivityActor; source: RestoreSource };

/** The complete backup ZIP, streamed to the server's thread. */
export async function fullBackup({ config, port }: DownloadTask): Promise<FullBackupWritten> {
  return writeArchive(await backupWorkerContext(config), new PortWritable(port));
}

/** The complete backup into `path`, a new file dated `createdAt`; the caller removes it on failure. */
export async function fullBackupToFile(task: { config: BackupWorkerConfig; path: string; createdAt: Date }) {
  const context = await backupWorkerContext(task.config);
  const output = createWriteStream(task.path, { flags: 'wx' });
  try {
    const written = await writeArchive(context, output, task.createdAt);
    await finished(output);
    return written;
  } finally {
    output.destroy();
  }
}

/** The data-only backup's JSON, streamed to the server's thread; answers how many shops it holds. */
export async function dataBackup({ config, port }: DownloadTask): Promise<number> {
  return writeDataBackup(await backupWorkerContext(config), new PortWritable(port));
}

export function preview({ config, file, maxShops }: RestoreTask): Promise<WorkerOutcome<RestorePreviewDto>> {
  return outcomeOf(async () => previewRestore(await backupWorkerContext(config), file, maxShops));
}

export function restore(task: RestoreWriteTask): Promise<WorkerOutcome<RestoreResultDto>> {
  const { config, file, maxShops, actor, source } = task;
  return outcomeOf(async () =>
    restoreBackup(await backupWorkerContext(config), file, maxShops, { actor, source }),
  );
}
