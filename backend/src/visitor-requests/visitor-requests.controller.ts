import { applyDecorators, Body, Controller, Get, Header, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiErrors, type ErrorStatus } from '../common/route-decorators.js';
import { SHOP_NOT_FOUND } from '../shops/shops.service.js';
import { CreateCorrectionDto, SubmissionReceiptDto } from './dto/create-correction.dto.js';
import { CreateListingRequestDto } from './dto/create-listing-request.dto.js';
import { CreateQuarantinedUploadDto, ProofOfWorkChallengeDto } from './dto/visitor-submission.dto.js';
import { UploadUrlDto } from '../uploads/dto/upload.dto.js';
import { LimitedPerAddress } from '../rate-limits/address-limit.guard.js';
import { ProofOfWork } from './proof-of-work.js';
import { VisitorRequestsService } from './visitor-requests.service.js';

/** A visitor's correction or listing request: limited per address, answered with the reference. */
const Submission = (errors: Partial<Record<ErrorStatus, string>>) =>
  applyDecorators(
    LimitedPerAddress('visitor-submission.address'),
    ApiCreatedResponse({ type: SubmissionReceiptDto }),
    ApiErrors({ ...errors, 429: 'Too many submissions from this address or overall; see Retry-After' }),
  );

/** What visitors send to the moderation queue; open to everyone, limited, nothing public. */
@ApiTags('visitor requests')
@ApiErrors(503)
@Controller()
export class VisitorRequestsController {
  constructor(
    private readonly requests: VisitorRequestsService,
    private readonly proof: ProofOfWork,
  ) {}

  /** A new proof-of-work challenge for a visitor's form (the ALTCHA widget asks for it). */
  @Get('requests/challenge')
  @Header('Cache-Control', 'no-store')
  getProofOfWorkChallenge(): Promise<ProofOfWorkChallengeDto> {
    return this.proof.challenge() as Promise<unknown> as Promise<ProofOfWorkChallengeDto>;
  }

  /**
   * Suggests a correction to a shop. It waits for an administrator; the answer is the reference
   * to quote. The same suggestion for the same shop within a day is merged (same reference).
   */
  @Post('requests/corrections')
  @Submission({
    400: 'A field is invalid (see `errors`), or the proof of work is missing, wrong or used (PROOF_OF_WORK_FAILED)',
    404: SHOP_NOT_FOUND,
  })
  suggestShopCorrection(
    @Body() body: CreateCorrectionDto,
    @Req() request: Request,
  ): Promise<SubmissionReceiptDto> {
    return this.requests.suggestCorrection(body, request.ip ?? 'unknown');
  }

  /**
   * A signed link, valid for 5 minutes, to PUT a logo or a map or photo for "List my shop". The
   * image is kept in quarantine: served to no one (its `/objects/quarantine/<uuid>` path only
   * names it in the request) until an administrator approves the request. Each link costs a
   * proof of work of its own.
   */
  @Post('requests/uploads')
  @LimitedPerAddress('visitor-upload.address')
  @ApiErrors({
    400: "type must be 'logo' or 'map', or the proof of work is missing, wrong or used (PROOF_OF_WORK_FAILED)",
    429: 'Too many image uploads from this address or overall; see Retry-After',
  })
  createQuarantinedUpload(
    @Body() dto: CreateQuarantinedUploadDto,
    @Req() request: Request,
  ): Promise<UploadUrlDto> {
    const origin = `${request.protocol}://${request.get('host')}`;
    return this.requests
      .quarantinedUploadUrl(dto.type, dto.altcha, origin)
      .then((uploadURL) => ({ uploadURL }));
  }

  /**
   * Asks for a shop to be listed ("List my shop"): the shop's fields with the admin form's rules.
   * It waits for an administrator, who creates the shop unverified; the answer is the reference.
   */
  @Post('requests/listings')
  @Submission({
    400: 'A field is invalid (see `errors`, shop fields as `shop.<name>`), or the proof of work is missing, wrong or used (PROOF_OF_WORK_FAILED)',
  })
  requestShopListing(
    @Body() body: CreateListingRequestDto,
    @Req() request: Request,
  ): Promise<SubmissionReceiptDto> {
    return this.requests.suggestListing(body, request.ip ?? 'unknown');
  }
}
