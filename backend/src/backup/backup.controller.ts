import { Controller, Get, HttpCode, Inject, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type {} from 'multer';
import { Actor, type ActivityActor } from '../activity/activity-actor.js';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { ApiError } from '../common/api-error.js';
import { ApiErrors } from '../common/api-errors.decorator.js';
import { binaryContent } from '../common/binary-content.js';
import { BackupService } from './backup.service.js';
import { BackupStatsDto, RestoreResultDto } from './dto/backup.dto.js';
import { RestoreService } from './restore.service.js';
import { looksLikeZip } from './zip-reader.js';
import type { AppConfig } from '../config/app.config.js';
import { APP_CONFIG } from '../config/config.token.js';
import { RestoreUploadInterceptor, tooLarge } from './restore-upload.interceptor.js';

@ApiTags('backup')
@AdminOnly()
@ApiErrors(503)
@Controller('admin/backup')
export class BackupController {
  constructor(
    private readonly backups: BackupService,
    private readonly restores: RestoreService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** What a backup holds now, its estimated size, the restore limit and the last full backup. */
  @Get('stats')
  getBackupStats(): Promise<BackupStatsDto> {
    return this.backups.stats();
  }

  /**
   * The complete backup: a ZIP of shops.json, the activity log (activity.json), the images and
   * a manifest with checksums.
   */
  @Post('full')
  @HttpCode(200)
  // A ZIP for 200 only (not @ApiProduces): its errors are JSON like every other.
  @ApiOkResponse({
    description: 'atm-directory-backup-YYYY-MM-DD.zip',
    content: binaryContent('application/zip'),
  })
  createFullBackup(@Res() response: Response, @Actor() actor: ActivityActor): Promise<void> {
    return this.backups.writeFullBackup(response, actor);
  }

  /** The data-only backup: the shops as JSON (images not included). */
  @Post('data')
  @HttpCode(200)
  @ApiOkResponse({ description: 'atm-directory-data-YYYY-MM-DD.json' })
  async createDataBackup(@Res() response: Response, @Actor() actor: ActivityActor): Promise<void> {
    const { fileName, body } = await this.backups.dataBackup(actor);
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    response.setHeader('Cache-Control', 'no-store');
    response.status(200).end(body);
  }

  /**
   * Restores a complete backup (multipart field `backupFile`). All or nothing: a file that
   * fails any check changes nothing. Shops with an id that exists are replaced in place. The
   * activity log stays as it is (a backup's own log is not restored) and records the restore.
   */
  @Post('restore')
  @HttpCode(200)
  @UseInterceptors(RestoreUploadInterceptor, FileInterceptor('backupFile'))
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['backupFile'],
      properties: { backupFile: { type: 'string', format: 'binary' } },
    },
  })
  @ApiOkResponse({ type: RestoreResultDto })
  @ApiErrors({
    400: 'Not a ZIP, or the backup fails a check (the message says which)',
    409: 'Another restore is running',
    413: 'Over RESTORE_MAX_BYTES (100 MB by default)',
    507: 'Less free space under DATA_DIR than RESTORE_FREE_SPACE_FACTOR (2) times the upload',
  })
  async restoreBackup(
    @UploadedFile() file: Express.Multer.File | undefined,
    @Actor() actor: ActivityActor,
  ): Promise<RestoreResultDto> {
    if (!file)
      throw new ApiError(400, 'BACKUP_FILE_MISSING', 'Please select a ZIP file (form field "backupFile")');
    // RestoreUploadInterceptor removes the file afterwards, whatever happens here.
    if (file.size > this.config.restoreMaxBytes) throw tooLarge(this.config.restoreMaxBytes);
    if (!(await looksLikeZip(file.path)))
      throw new ApiError(400, 'BACKUP_INVALID_FILE', 'Invalid File Type: please select a ZIP file');
    return this.restores.restore({ path: file.path, size: file.size }, actor);
  }
}
