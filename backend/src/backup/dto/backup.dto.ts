import { ApiPropertyOptional } from '@nestjs/swagger';
import { OptionalIn } from '../../common/dto-decorators.js';

/** What a backup would hold now. */
export class BackupStatsDto {
  /** @example 26 */
  totalShops: number;
  /** Shops whose logo is an image (uploaded or a URL), not an icon. @example 4 */
  imagesWithLogos: number;
  /** Shops with a map or photo image. @example 26 */
  imagesWithMaps: number;
  /** Uploaded images that a full backup would include. @example 5 */
  storedImages: number;
  /** The approximate size of a full backup. @example "12.4 MB" */
  estimatedSize: string;
  /** The same, in bytes. */
  estimatedBytes: number;
  /** The largest file a restore accepts, in bytes (RESTORE_MAX_BYTES). */
  restoreMaxBytes: number;
  /** When the last complete backup was downloaded or stored automatically, or null. */
  lastFullBackupAt: Date | null;
  /** When the last automatic backup was stored, or null. */
  lastAutomaticBackupAt: Date | null;
  /** When the latest automatic backup failed, unless one succeeded since; else null. */
  automaticBackupFailedAt: Date | null;
  /** The schedule of automatic backups (BACKUP_SCHEDULE, BACKUP_KEEP). */
  automaticBackups: AutomaticBackupsDto;
}

/** When automatic backups run and how many are kept. */
export class AutomaticBackupsDto {
  /** The cron pattern, or null when BACKUP_SCHEDULE=off. @example "0 3 * * *" */
  schedule: string | null;
  /** The zone the pattern's times are in. @example "America/Mexico_City" */
  timeZone: string;
  /** How many stored backups are kept. @example 14 */
  keep: number;
  /** When the next one is due, or null when off. */
  nextRunAt: Date | null;
}

/** A complete backup kept in the object store. */
export class StoredBackupDto {
  /** Its file name, which names it in the other stored-backup routes. @example "atm-directory-backup-2026-11-23T09-00-00-000Z-auto.zip" */
  name: string;
  createdAt: Date;
  /** Made by the schedule (true) or on request (false). */
  automatic: boolean;
  /** Its size in bytes. */
  bytes: number;
}

/** One reason a backup cannot be restored. */
export class RestoreProblemDto {
  /** @example "BACKUP_REJECTED" */
  code: string;
  /** @example "The backup file cannot be restored: shops.json does not match its checksum" */
  message: string;
}

/** What a restore of this file would do (nothing was changed to find out). */
export class RestorePreviewDto {
  /** False when the file fails a check: `problems` says which, and the counts are 0. */
  restorable: boolean;
  problems: RestoreProblemDto[];
  /** When the backup was made (its manifest), or null when unreadable. */
  createdAt: Date | null;
  /** The backup's format version, or null when unreadable. @example 3 */
  formatVersion: number | null;
  /** Shops in the backup. */
  shops: number;
  /** Shops that would be created (their id is not here). */
  created: number;
  /** Shops that would replace the shop with their id. */
  replaced: number;
  /** Shops this directory already has exactly so: left alone. */
  unchanged: number;
  /** Images that would be added to the object store (those of created and replaced shops). */
  images: number;
  /** Images missing from the store when the backup was made (their shops keep the path). */
  missingImages: number;
}

/** The result of a successful restore. */
export class RestoreResultDto {
  /** @example "Backup restored: 3 shop(s) created, 23 replaced, 0 unchanged, 12 image(s)." */
  message: string;
  created: number;
  /** Shops that replaced the shop with their id. */
  updated: number;
  /** Shops left alone: this directory already had them exactly so. */
  unchanged: number;
  images: number;
}

/** `?dryRun=true`: answer what the restore would do (RestorePreviewDto) and change nothing. */
export class RestoreQueryDto {
  @ApiPropertyOptional({ enum: ['true', 'false'], default: 'false' })
  @OptionalIn('dryRun', ['true', 'false'], 'dryRun must be true or false')
  dryRun?: 'true' | 'false';
}
