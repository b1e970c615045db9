import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { StorageEngine } from 'multer';
import { isProcessAlive } from '../common/process-liveness.js';
import { RestoreUploadStorage } from './restore-upload-storage.js';

/** Restore uploads this process is receiving or checking right now (full paths). */
const inProgress = new Set<string>();
/** `restore.<pid>.<random>.zip` and `backup.<pid>.<random>.zip`: the pid tells a dead writer's leftovers. */
const UPLOAD_NAME = /^(?:restore|backup)\.(\d+)\.[0-9a-f]+\.zip$/;

/** Where restore uploads are written: on disk in the data folder, never in memory. */
export function restoreUploadFolder(dataDir: string): string {
  return join(dataDir, 'tmp');
}

/** Multer's storage for restore uploads, naming each file after this process and remembering it. */
export function restoreUploadStorage(folder: string): StorageEngine {
  return new RestoreUploadStorage(
    folder,
    () => basename(newZipPath(folder, 'restore')),
    (path) => inProgress.delete(path),
  );
}

/** A new file in `folder` for this process's work, remembered (removed at start-up if it dies). */
function newZipPath(folder: string, purpose: 'restore' | 'backup'): string {
  const path = join(folder, `${purpose}.${process.pid}.${randomBytes(12).toString('hex')}.zip`);
  inProgress.add(path);
  return path;
}

/** `newZipPath`, once the folder exists. */
export async function temporaryZip(folder: string, purpose: 'restore' | 'backup'): Promise<string> {
  await mkdir(folder, { recursive: true });
  return newZipPath(folder, purpose);
}

/** Removes a restore upload (or a temporary ZIP) once its work is over. */
export async function removeRestoreUpload(path: string): Promise<void> {
  await rm(path, { force: true });
  inProgress.delete(path);
}

/** At start-up: removes all in the folder but another live process's files; answers the bytes freed. */
export async function removeStaleRestoreUploads(folder: string): Promise<number> {
  let freed = 0;
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    const path = join(folder, name);
    if (inProgress.has(path)) continue;
    const writer = Number(UPLOAD_NAME.exec(name)?.[1]);
    if (writer && writer !== process.pid && isProcessAlive(writer)) continue;
    freed += await stat(path).then(
      (info) => info.size,
      () => 0,
    );
    await rm(path, { recursive: true, force: true });
  }
  return freed;
}
