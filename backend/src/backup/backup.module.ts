import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { TypeOrmModule } from '@nestjs/typeorm';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config/app.config.js';
import { APP_CONFIG } from '../config/config.token.js';
import { JobLockService } from '../database/job-lock.service.js';
import { ShopsModule } from '../shops/shops.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { BackupRecord } from './backup-record.entity.js';
import { BackupController } from './backup.controller.js';
import { BackupService } from './backup.service.js';
import { RestoreUploadInterceptor } from './restore-upload.interceptor.js';
import { RestoreService } from './restore.service.js';

/** Statistics, the complete and data-only backups, and the all-or-nothing restore. */
@Module({
  imports: [
    TypeOrmModule.forFeature([BackupRecord]),
    ShopsModule,
    UploadsModule,
    // Restore files go to disk in the data folder (never into memory), up to the limit.
    MulterModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const dest = join(config.dataDir, 'tmp');
        mkdirSync(dest, { recursive: true });
        return { dest, limits: { fileSize: config.restoreMaxBytes, files: 1, fields: 5, parts: 6 } };
      },
    }),
  ],
  controllers: [BackupController],
  providers: [BackupService, RestoreService, JobLockService, RestoreUploadInterceptor],
})
export class BackupModule {}
