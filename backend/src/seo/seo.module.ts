import { Module } from '@nestjs/common';
import { ShopsModule } from '../shops/shops.module.js';
import { SeoController } from './seo.controller.js';
import { SeoService } from './seo.service.js';

/** What search engines read besides the pages: the sitemap and robots.txt. */
@Module({
  imports: [ShopsModule],
  controllers: [SeoController],
  providers: [SeoService],
  exports: [SeoService],
})
export class SeoModule {}
