import { Get, Inject, Param, Query, Res, UploadedFile } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiParam, getSchemaPath } from '@nestjs/swagger';
import type { Response } from 'express';
import { Actor, type ActivityActor } from '../activity/activity-actor.js';
import { RecentAuthRequired } from '../auth/recent-auth/recent-auth.js';
import { ApiController } from '../auth/admin-only.decorator.js';
import { ApiErrors, binaryContent, PostOk } from '../common/route-decorators.js';
import { ApiError } from '../common/api-error.js';
import { FileUpload } from '../common/upload.interceptor.js';
import { BackupService } from './backup.service.js';
import {
  BackupStatsDto,
  RestorePreviewDto,
  RestoreQueryDto,
  RestoreResultDto,
  StoredBackupDto,
} from './dto/backup.dto.js';
import { BackupScheduleService } from './backup-schedule.service.js';
import type { BackupFile, RestoreSource } from './backup-reader.js';
import { RestoreService } from './restore.service.js';
import { StoredBackupsService } from './stored-backups.service.js';
import { looksLikeZip } from './zip-reader.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { RestoreUploadInterceptor, tooLarge } from './restore-upload.interceptor.js';

/**
 * A restore's answer, or with `dryRun=true` what it would do. A dry run needs a recent
 * re-authentication too (the guard sees only the route): previews have routes of their own.
 */
const RESTORE_ANSWER = {
  description: 'RestoreResultDto, or RestorePreviewDto when dryRun=true',
  schema: { oneOf: [{ $ref: getSchemaPath(RestoreResultDto) }, { $ref: getSchemaPath(RestorePreviewDto) }] },
};

@ApiExtraModels(RestoreResultDto, RestorePreviewDto)
@ApiController('admin/backup', 'backup', { admin: true })
export class BackupController {
  constructor(
    private readonly backups: BackupService,
    private readonly restores: RestoreService,
    private readonly stored: StoredBackupsService,
    private readonly schedule: BackupScheduleService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * What a backup holds now, its estimated size, the restore limit, the last complete backup
   * (downloaded or automatic), the automatic backups' schedule and their latest failure.
   */
  @Get('stats')
  async getBackupStats(): Promise<BackupStatsDto> {
    const { schedule, timeZone, keep } = this.config.automaticBackups;
    return {
      ...(await this.backups.stats()),
      restoreMaxBytes: this.config.restoreMaxBytes,
      automaticBackups: { schedule, timeZone, keep, nextRunAt: this.schedule.nextRunAt() },
    };
  }

  /** The complete backups kept in the object store (the automatic ones), newest first. */
  @Get('stored')
  listStoredBackups(): Promise<StoredBackupDto[]> {
    return this.stored.list();
  }

  /** Downloads a stored backup as it was written. */
  @Get('stored/:name')
  @ApiParam({ name: 'name', description: "The stored backup's file name (from the list)" })
  @ApiOkResponse({ description: 'The ZIP', content: binaryContent('application/zip') })
  @ApiErrors({ 404: 'No stored backup has this name' })
  async downloadStoredBackup(@Param('name') name: string, @Res() response: Response): Promise<void> {
    const object = await this.stored.open(name);
    response.setHeader('Content-Type', 'application/zip');
    response.setHeader('Content-Length', String(object.size));
    response.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    response.setHeader('Cache-Control', 'no-store');
    object.body.on('error', (error) => response.destroy(error));
    object.body.pipe(response);
  }

  /** What restoring a stored backup would do; changes nothing, so it needs no re-authentication. */
  @PostOk('stored/:name/restore/preview')
  @ApiParam({ name: 'name', description: "The stored backup's file name (from the list)" })
  @ApiErrors({ 404: 'No stored backup has this name' })
  previewStoredBackupRestore(@Param('name') name: string): Promise<RestorePreviewDto> {
    return this.stored.withCopy(name, (file) => this.restores.preview(file));
  }

  /**
   * Restores a stored backup by the same checks and steps as an uploaded one; with
   * `dryRun=true` answers what it would do and changes nothing.
   */
  @PostOk('stored/:name/restore')
  @RecentAuthRequired()
  @ApiParam({ name: 'name', description: "The stored backup's file name (from the list)" })
  @ApiOkResponse(RESTORE_ANSWER)
  @ApiErrors({
    400: 'The backup fails a check (the message says which; a dry run lists it instead)',
    404: 'No stored backup has this name',
    409: 'Another restore is running',
  })
  restoreStoredBackup(
    @Param('name') name: string,
    @Query() query: RestoreQueryDto,
    @Actor() actor: ActivityActor,
  ): Promise<RestoreResultDto | RestorePreviewDto> {
    return this.stored.withCopy(name, (file) =>
      this.restoreOrPreview(file, query, actor, { storedBackup: name }),
    );
  }

  /** A dry run previews and records nothing; a restore is logged as `actor`'s, naming `source`. */
  private restoreOrPreview(
    file: BackupFile,
    query: RestoreQueryDto,
    actor: ActivityActor,
    source: RestoreSource,
  ): Promise<RestoreResultDto | RestorePreviewDto> {
    return query.dryRun === 'true' ? this.restores.preview(file) : this.restores.restore(file, actor, source);
  }

  /**
   * The complete backup: a ZIP of shops.json, the activity log (activity.json), the images and
   * a manifest with checksums.
   */
  @PostOk('full')
  // A ZIP for 200 only (not @ApiProduces): its errors are JSON like every other.
  @ApiOkResponse({
    description: 'atm-directory-backup-YYYY-MM-DD.zip',
    content: binaryContent('application/zip'),
  })
  createFullBackup(@Res() response: Response, @Actor() actor: ActivityActor): Promise<void> {
    return this.backups.writeFullBackup(response, actor);
  }

  /** The data-only backup: the shops as JSON (images not included). */
  @PostOk('data')
  @ApiOkResponse({ description: 'atm-directory-data-YYYY-MM-DD.json' })
  async createDataBackup(@Res() response: Response, @Actor() actor: ActivityActor): Promise<void> {
    await this.backups.writeDataBackup(response, actor);
  }

  /**
   * What restoring an uploaded complete backup (multipart field `backupFile`) would do: shops
   * created, replaced and unchanged, images added, the backup's date and format version,
   * problems. Changes and records nothing, so it needs no re-authentication.
   */
  @PostOk('restore/preview')
  @FileUpload(RestoreUploadInterceptor, 'backupFile')
  @ApiErrors({
    400: 'Not a ZIP',
    413: 'Over RESTORE_MAX_BYTES (100 MB by default)',
    507: 'Less free space under DATA_DIR than RESTORE_FREE_SPACE_FACTOR (2) times the upload',
  })
  async previewRestore(@UploadedFile() file: Express.Multer.File | undefined): Promise<RestorePreviewDto> {
    return this.restores.preview(await this.checkedUpload(file));
  }

  /**
   * Restores a complete backup (multipart field `backupFile`). All or nothing: a file that
   * fails any check changes nothing. Shops with an id that exists are replaced in place, but
   * those this directory has exactly so are left alone. The activity log stays as it is (a
   * backup's own log is not restored) and records the restore. With `dryRun=true`: what the
   * restore would do (shops created, replaced and unchanged, images added, the backup's date
   * and format version, problems), changing nothing and recording nothing.
   */
  @PostOk('restore')
  @RecentAuthRequired()
  @FileUpload(RestoreUploadInterceptor, 'backupFile')
  @ApiOkResponse(RESTORE_ANSWER)
  @ApiErrors({
    400: 'Not a ZIP, or the backup fails a check (the message says which; a dry run lists it instead)',
    409: 'Another restore is running',
    413: 'Over RESTORE_MAX_BYTES (100 MB by default)',
    507: 'Less free space under DATA_DIR than RESTORE_FREE_SPACE_FACTOR (2) times the upload',
  })
  async restoreBackup(
    @UploadedFile() file: Express.Multer.File | undefined,
    @Query() query: RestoreQueryDto,
    @Actor() actor: ActivityActor,
  ): Promise<RestoreResultDto | RestorePreviewDto> {
    const checked = await this.checkedUpload(file);
    return this.restoreOrPreview(checked, query, actor, { upload: file!.originalname.slice(0, 200) });
  }

  /** The uploaded file, once it is there, within the limit and a ZIP (the interceptor removes it afterwards). */
  private async checkedUpload(file: Express.Multer.File | undefined): Promise<BackupFile> {
    if (!file)
      throw new ApiError(400, 'BACKUP_FILE_MISSING', 'Please select a ZIP file (form field "backupFile")');
    if (file.size > this.config.restoreMaxBytes) throw tooLarge(this.config.restoreMaxBytes);
    if (!(await looksLikeZip(file.path)))
      throw new ApiError(400, 'BACKUP_INVALID_FILE', 'Invalid File Type: please select a ZIP file');
    return { path: file.path, size: file.size };
  }
}
