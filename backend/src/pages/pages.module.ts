import { Module } from '@nestjs/common';
import { ShopsModule } from '../shops/shops.module.js';
import { PublicPages } from './public-pages.js';

/** The public pages rendered on the server from the frontends' own components (README "Server rendering"). */
@Module({
  imports: [ShopsModule],
  providers: [PublicPages],
  exports: [PublicPages],
})
export class PagesModule {}
