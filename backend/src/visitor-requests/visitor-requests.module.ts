import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Shop } from '../shops/shop.entity.js';
import { ShopsModule } from '../shops/shops.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { AdminRequestsController } from './admin-requests.controller.js';
import { AdminRequestsService } from './admin-requests.service.js';
import { ListingApproval } from './listing-approval.js';
import { Mailer } from './mailer.js';
import { ProofOfWork } from './proof-of-work.js';
import { QuarantinePreviewController } from './quarantine-preview.controller.js';
import { RequestNotifications } from './request-notifications.js';
import { VisitorRequestsController } from './visitor-requests.controller.js';
import { VisitorRequest } from './visitor-request.entity.js';
import { VisitorDataRetentionService } from './visitor-data-retention.service.js';
import { VisitorRequestsService } from './visitor-requests.service.js';

/** Visitors' corrections and listing requests, and the administrators' queue of them. */
@Module({
  imports: [TypeOrmModule.forFeature([VisitorRequest, Shop]), ShopsModule, UploadsModule],
  controllers: [VisitorRequestsController, AdminRequestsController, QuarantinePreviewController],
  providers: [
    VisitorRequestsService,
    AdminRequestsService,
    ListingApproval,
    ProofOfWork,
    VisitorDataRetentionService,
    Mailer,
    RequestNotifications,
  ],
})
export class VisitorRequestsModule {}
