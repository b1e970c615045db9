import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { CSV_IMPORT_MAX_BYTES } from 'contract';
import { ShopsModule } from '../shops/shops.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { CsvUploadInterceptor } from './csv-upload.interceptor.js';
import { ShopsCsvController } from './shops-csv.controller.js';
import { ShopsCsvService } from './shops-csv.service.js';
import { sharedMemoryStorage } from './shared-memory-storage.js';

/** The shops CSV export and import (preview, then one transaction). */
@Module({
  imports: [
    ShopsModule,
    UploadsModule,
    // Read into memory the CSV worker shares, never written to disk.
    MulterModule.register({
      storage: sharedMemoryStorage(CSV_IMPORT_MAX_BYTES),
      limits: { fileSize: CSV_IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    }),
  ],
  controllers: [ShopsCsvController],
  providers: [ShopsCsvService, CsvUploadInterceptor],
})
export class ShopsCsvModule {}
