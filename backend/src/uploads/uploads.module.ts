import { Module, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { AppMetrics } from '../observability/metrics.js';
import { LocalObjectStorage } from './local-object-storage.js';
import { ObjectStorage } from './object-storage.js';
import { storageFromConfig } from './storage-from-config.js';
import { ObjectsController, UploadsController } from './uploads.controller.js';
import { UploadLinks } from './upload-links.js';
import { UploadsService } from './uploads.service.js';

/** Image uploads through this backend's signed links, and the object storage chosen by STORAGE. */
@Module({
  controllers: [UploadsController, ObjectsController],
  providers: [
    UploadsService,
    {
      provide: UploadLinks,
      inject: [APP_CONFIG],
      useFactory: ({ session }: AppConfig) => new UploadLinks(`uploads:${session.secret}`),
    },
    {
      provide: ObjectStorage,
      inject: [APP_CONFIG, AppMetrics],
      useFactory: ({ storage }: AppConfig, metrics: AppMetrics): Promise<ObjectStorage> =>
        storageFromConfig(storage, (operation) => metrics.objectStoreError(operation)),
    },
  ],
  exports: [ObjectStorage, UploadsService],
})
export class UploadsModule implements OnApplicationBootstrap {
  constructor(private readonly storage: ObjectStorage) {}

  /** Files half-written by a process that crashed are never complete objects: remove them. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.storage instanceof LocalObjectStorage) await this.storage.removeIncompleteWrites();
  }
}
