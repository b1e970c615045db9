import { Inject, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { ShopsModule } from '../shops/shops.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { SystemFlag, UnattachedObject } from '../database/database.entity.js';
import { Shop } from '../shops/shop.entity.js';
import { VisitorRequest } from '../visitor-requests/visitor-request.entity.js';
import { BackupRecord } from './backup-record.entity.js';
import { BackupController } from './backup.controller.js';
import { BackupService } from './backup.service.js';
import { BackupWorkers } from './backup-workers.js';
import { humanSize } from './backup-format.js';
import {
  removeStaleRestoreUploads,
  restoreUploadFolder,
  restoreUploadStorage,
} from './restore-upload-folder.js';
import { RestoreUploadInterceptor } from './restore-upload.interceptor.js';
import { RestoreService } from './restore.service.js';
import { ImageSweepService } from './image-sweep.service.js';
import { BackupScheduleService } from './backup-schedule.service.js';
import { BACKUP_STORAGE, StoredBackupsService } from './stored-backups.service.js';
import { LocalObjectStorage } from '../uploads/local-object-storage.js';
import { ObjectStorage } from '../uploads/object-storage.js';

/** Statistics, the complete and data-only backups, automatic backups, and the all-or-nothing restore. */
@Module({
  imports: [
    TypeOrmModule.forFeature([BackupRecord, SystemFlag, UnattachedObject, Shop, VisitorRequest]),
    ShopsModule,
    UploadsModule,
    // Restore files go to disk in the data folder (never into memory), up to the limit.
    MulterModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        storage: restoreUploadStorage(restoreUploadFolder(config.dataDir)),
        limits: { fileSize: config.restoreMaxBytes, files: 1, fields: 5, parts: 6 },
      }),
    }),
  ],
  controllers: [BackupController],
  providers: [
    BackupService,
    RestoreService,
    BackupWorkers,
    RestoreUploadInterceptor,
    ImageSweepService,
    StoredBackupsService,
    BackupScheduleService,
    {
      provide: BACKUP_STORAGE,
      inject: [APP_CONFIG, ObjectStorage],
      // Local: DATA_DIR is the root, so `backups/<name>` is DATA_DIR/backups/<name>. Its
      // signing key signs nothing (backups get no upload links).
      useFactory: (config: AppConfig, objects: ObjectStorage): ObjectStorage =>
        config.storage.driver === 's3' ? objects : new LocalObjectStorage(config.dataDir),
    },
  ],
})
export class BackupModule implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(BACKUP_STORAGE) private readonly backupStorage: ObjectStorage,
  ) {}

  /** Removes uploads and backups a killed process left half-written, before the server answers. */
  async onApplicationBootstrap(): Promise<void> {
    const freed = await removeStaleRestoreUploads(restoreUploadFolder(this.config.dataDir));
    if (freed) Logger.warn(`Removed ${humanSize(freed)} of interrupted restore uploads`, 'BackupModule');
    if (this.backupStorage instanceof LocalObjectStorage)
      await this.backupStorage.removeIncompleteWrites('backups');
  }
}
