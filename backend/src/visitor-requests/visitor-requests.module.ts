import { Module } from '@nestjs/common';
import { ProofOfWork } from './proof-of-work.js';
import { SubmissionLimits } from './submission-limits.js';
import { VisitorRequestsController } from './visitor-requests.controller.js';
import { VisitorRequestsService } from './visitor-requests.service.js';

/** Visitors' corrections and listing requests, and the administrators' queue of them. */
@Module({
  controllers: [VisitorRequestsController],
  providers: [VisitorRequestsService, ProofOfWork, SubmissionLimits],
})
export class VisitorRequestsModule {}
