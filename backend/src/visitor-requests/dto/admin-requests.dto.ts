import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { OptionalIn } from '../../common/dto-decorators.js';
import { ListingShopDto } from './create-listing-request.dto.js';
import { IsOptional, ValidateNested } from 'class-validator';
import {
  CORRECTION_KINDS,
  VISITOR_REQUEST_STATUSES,
  VISITOR_REQUEST_TYPES,
  type ShopFieldDefinition,
  type CorrectionKind,
} from 'contract';
import { ContractField } from '../../shops/dto/shop-field.decorator.js';
import type { VisitorRequestStatus, VisitorRequestType } from '../visitor-request.entity.js';
import { BulkIds } from '../../common/dto/bulk-ids.decorator.js';
import { PageOf } from '../../common/dto/page-of.dto.js';
import { PageQueryDto } from '../../common/dto/page-query.dto.js';

export const ADMIN_REQUESTS_MAX_PAGE_SIZE = 100;
/** The most requests one bulk action may name. */
export const MAX_BULK_REQUESTS = 500;

/** An optional text of up to 500 characters, checked as a shop's paragraphs are. */
const paragraphs = (name: string, label: string): ShopFieldDefinition =>
  Object.freeze({ name, kind: 'paragraphs', label, required: false, max: 500 });

/** A page of the queue, newest first, filtered by status, type and kind. */
export class AdminRequestListQueryDto extends PageQueryDto(ADMIN_REQUESTS_MAX_PAGE_SIZE) {
  @ApiPropertyOptional({ enum: VISITOR_REQUEST_STATUSES })
  @OptionalIn('status', VISITOR_REQUEST_STATUSES)
  status?: VisitorRequestStatus;

  @ApiPropertyOptional({ enum: VISITOR_REQUEST_TYPES })
  @OptionalIn('type', VISITOR_REQUEST_TYPES)
  type?: VisitorRequestType;

  @ApiPropertyOptional({ enum: CORRECTION_KINDS })
  @OptionalIn('kind', CORRECTION_KINDS)
  kind?: CorrectionKind;
}

/** One request as the queue shows it: what the visitor sent beside the shop's current value. */
export class AdminRequestDto {
  id: string;
  /** @example "K7M4-Q2XD" */
  reference: string;
  @ApiProperty({ enum: VISITOR_REQUEST_TYPES })
  type: VisitorRequestType;
  @ApiProperty({ enum: VISITOR_REQUEST_STATUSES })
  status: VisitorRequestStatus;
  shopId: string | null;
  shopName: string | null;
  /** The shop's current slug, when it still exists (a link to its page). */
  shopSlug: string | null;
  @ApiProperty({ enum: CORRECTION_KINDS, nullable: true })
  kind: CorrectionKind | null;
  /** The shop's value today for the field the correction is about (text; null when none). */
  currentValue: string | null;
  /** What the visitor proposes (text, never HTML). */
  proposedValue: string | null;
  comment: string | null;
  /** A listing request's shop as the visitor sent it (images still in quarantine); null otherwise. */
  @ApiProperty({ type: ListingShopDto, nullable: true })
  proposedShop: ListingShopDto | null;
  submitterName: string | null;
  submitterEmail: string | null;
  /** How many more times the same suggestion arrived (merged into this one). */
  duplicates: number;
  /** ISO 8601. */
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  decisionReason: string | null;
}

export class AdminRequestListDto extends PageOf(AdminRequestDto) {}

/** How many requests wait for a decision (the count beside "Requests" in the menu). */
export class PendingRequestsDto {
  pending: number;
}

/** Approving: what to write, when the administrator edited the visitor's proposal. */
export class ApproveRequestDto {
  /** A correction's value as edited. */
  @ContractField(paragraphs('value', 'Value'))
  value?: string | null;

  /**
   * A listing request's shop as edited, checked with the shop form's rules; its images are the
   * request's own quarantined ones or images the administrator uploaded. The shop is created
   * unverified whatever this says.
   */
  @ApiPropertyOptional({ type: ListingShopDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => ListingShopDto)
  shop?: ListingShopDto;
}

export class RejectRequestDto {
  /** Why, in a few words; the submitter who left an e-mail is told. */
  @ContractField(paragraphs('reason', 'Reason'))
  reason?: string | null;
}

export class MarkSpamDto {
  @BulkIds('request', MAX_BULK_REQUESTS)
  ids: string[];
}

export class MarkSpamResultDto {
  /** Requests that were pending and are now spam (the others were already decided). */
  marked: number;
}
