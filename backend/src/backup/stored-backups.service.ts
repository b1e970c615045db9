import { Inject, Injectable, Logger } from '@nestjs/common';
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { ApiError } from '../common/api-error.js';
import type { ObjectStorage, StoredObject } from '../uploads/object-storage.js';
import type { FullBackupWritten } from './backup-archive.js';
import { BackupService } from './backup.service.js';
import type { StoredBackupDto } from './dto/backup.dto.js';
import { removeRestoreUpload, restoreUploadFolder, temporaryZip } from './restore-upload-folder.js';

/** Where stored backups live: the images' S3 bucket under `backups/`, or DATA_DIR/backups/ when local. */
export const BACKUP_STORAGE = Symbol('BACKUP_STORAGE');

const PREFIX = 'backups/';
/** `atm-directory-backup-2026-11-23T09-00-00-000Z-auto.zip`: the product prefix, then when (UTC). */
const STORED_NAME =
  /^atm-directory-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z-(auto|manual)\.zip$/;

export function storedBackupName(at: Date, automatic: boolean): string {
  const stamp = at.toISOString().replace(/:/g, '-').replace('.', '-');
  return `atm-directory-backup-${stamp}-${automatic ? 'auto' : 'manual'}.zip`;
}

/** The date and kind a stored backup's name says, or null for a name that is not one. */
export function parseStoredBackupName(name: string): { createdAt: Date; automatic: boolean } | null {
  const match = STORED_NAME.exec(name);
  if (!match) return null;
  const [, day, hours, minutes, seconds, millis, kind] = match;
  const createdAt = new Date(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`);
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, automatic: kind === 'auto' };
}

/** Full backups kept in the object store: written, listed newest first, pruned, read back. */
@Injectable()
export class StoredBackupsService {
  private readonly logger = new Logger('StoredBackups');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(BACKUP_STORAGE) private readonly storage: ObjectStorage,
    private readonly backups: BackupService,
  ) {}

  async list(): Promise<StoredBackupDto[]> {
    const found: StoredBackupDto[] = [];
    for await (const key of this.storage.list(PREFIX)) {
      const name = key.slice(PREFIX.length);
      const parsed = parseStoredBackupName(name);
      if (!parsed) continue;
      const info = await this.storage.stat(key);
      if (info)
        found.push({ name, createdAt: parsed.createdAt, automatic: parsed.automatic, bytes: info.size });
    }
    return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  /** Writes a complete backup to a temporary file and stores it; throws when it could not. */
  async store(automatic: boolean, now = new Date()): Promise<StoredBackupDto & FullBackupWritten> {
    const name = storedBackupName(now, automatic);
    const file = await temporaryZip(restoreUploadFolder(this.config.dataDir), 'backup');
    try {
      const written = await this.backups.writeFullBackupToFile(file, now);
      const info = await this.storage.putFile(`${PREFIX}${name}`, file, 'application/zip');
      return { name, createdAt: now, automatic, ...written, bytes: info.size };
    } finally {
      await removeRestoreUpload(file);
    }
  }

  /** Keeps the newest BACKUP_KEEP; a failed deletion is retried after the next backup. */
  async prune(): Promise<string[]> {
    const stale = (await this.list()).slice(this.config.automaticBackups.keep);
    for (const backup of stale) {
      await this.storage
        .delete(`${PREFIX}${backup.name}`)
        .catch((error: Error) => this.logger.warn(`Could not delete ${backup.name}: ${error.message}`));
    }
    return stale.map((backup) => backup.name);
  }

  /** The stored backup's bytes, or 404 (a name that is not a stored backup's never reaches the store). */
  async open(name: string): Promise<StoredObject> {
    const object = parseStoredBackupName(name) ? await this.storage.get(`${PREFIX}${name}`) : null;
    if (!object)
      throw new ApiError(
        404,
        'STORED_BACKUP_NOT_FOUND',
        `There is no stored backup named "${name.slice(0, 80)}"`,
      );
    return object;
  }

  /** `work` on a copy in DATA_DIR/tmp (a restore reads from disk), removed once it is over. */
  async withCopy<T>(name: string, work: (file: { path: string; size: number }) => Promise<T>): Promise<T> {
    const object = await this.open(name);
    const path = await temporaryZip(restoreUploadFolder(this.config.dataDir), 'restore');
    try {
      await pipeline(object.body, createWriteStream(path, { flags: 'wx' }));
      return await work({ path, size: (await stat(path)).size });
    } finally {
      await removeRestoreUpload(path);
    }
  }
}
