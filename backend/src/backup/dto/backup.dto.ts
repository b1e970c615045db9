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
  /** When the last complete backup was downloaded, or null. */
  lastFullBackupAt: Date | null;
}

/** The result of a successful restore. */
export class RestoreResultDto {
  /** @example "Backup restored: 3 shops created, 23 updated, 12 images." */
  message: string;
  created: number;
  updated: number;
  images: number;
}
