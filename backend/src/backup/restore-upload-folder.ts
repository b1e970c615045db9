import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { StorageEngine } from 'multer';
import { isProcessAlive } from '../common/process-liveness.js';
import { RestoreUploadStorage } from './restore-upload-storage.js';

/** Restore uploads this process is receiving or checking right now (full paths). */
const inProgress = new Set<string>();
/**
 * `restore.<pid>.<random>.zip` (an upload, or a stored backup copied for a restore) and
 * `backup.<pid>.<random>.zip` (an automatic backup being written): the pid tells a dead
 * writer's leftovers from a live one's.
 */
const UPLOAD_NAME = /^(?:restore|backup)\.(\d+)\.[0-9a-f]+\.zip$/;

/** Where restore uploads are written: on disk in the data folder, never in memory. */
export function restoreUploadFolder(dataDir: string): string {
  return join(dataDir, 'tmp');
}

/** Multer's storage for restore uploads, naming each file after this process and remembering it. */
export function restoreUploadStorage(folder: string): StorageEngine {
  return new RestoreUploadStorage(
    folder,
    () => {
      const name = `restore.${process.pid}.${randomBytes(12).toString('hex')}.zip`;
      inProgress.add(join(folder, name));
      return name;
    },
    (path) => inProgress.delete(path),
  );
}

/** A new file name in the folder for this process's work (removed at start-up if it dies). */
export async function temporaryZip(folder: string, purpose: 'restore' | 'backup'): Promise<string> {
  await mkdir(folder, { recursive: true });
  const path = join(folder, `${purpose}.${process.pid}.${randomBytes(12).toString('hex')}.zip`);
  inProgress.add(path);
  return path;
}

/** Removes a restore upload (or a temporary ZIP) once its work is over. */
export async function removeRestoreUpload(path: string): Promise<void> {
  await rm(path, { force: true });
  inProgress.delete(path);
}

/**
 * At start-up: removes everything in the folder but the uploads another live process is
 * receiving (a killed process leaves its upload behind; files named otherwise are from
 * earlier releases). Returns the bytes freed.
 */
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
