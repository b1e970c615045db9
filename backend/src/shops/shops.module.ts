import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UploadsModule } from '../uploads/uploads.module.js';
import { AdminShopsService } from './admin-shops.service.js';
import { CatalogWorker } from './catalog-worker.js';
import { DemoSeeder } from './demo/demo.seeder.js';
import { AdminShopsController, ShopsController } from './shops.controller.js';
import { PublicCatalog } from './public-catalog.js';
import { ListingResultsCache } from './listing-results.js';
import { PublicListing } from './public-listing.js';
import { ShopsService } from './shops.service.js';
import { VerificationExpiry } from './verification-expiry.service.js';
import { CertificatesController } from './certificate/certificates.controller.js';
import { CertificatesService } from './certificate/certificates.service.js';
import { SHOP_WRITER_ENTITIES, ShopWriter } from './shop-writer.js';

/** The directory: public reads, admin writes, and the demo data of a new installation. */
@Module({
  imports: [TypeOrmModule.forFeature(SHOP_WRITER_ENTITIES), UploadsModule],
  controllers: [ShopsController, AdminShopsController, CertificatesController],
  providers: [
    ShopsService,
    CatalogWorker,
    ShopWriter,
    AdminShopsService,
    PublicCatalog,
    PublicListing,
    ListingResultsCache,
    DemoSeeder,
    VerificationExpiry,
    CertificatesService,
  ],
  exports: [ShopsService, ShopWriter, PublicCatalog, ListingResultsCache],
})
export class ShopsModule {}
