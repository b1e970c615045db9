import { Module } from '@nestjs/common';
import { ShopsModule } from '../shops/shops.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { ImageSizes } from './image-sizes.js';
import { PublicPages } from './public-pages.js';

/** The public pages rendered on the server from the frontends' own components (docs/architecture.md). */
@Module({
  imports: [ShopsModule, UploadsModule],
  providers: [PublicPages, ImageSizes],
  exports: [PublicPages],
})
export class PagesModule {}
