import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { ACTIVITY_KINDS, ACTIVITY_MAX_PAGE_SIZE, MAX_USERNAME_LENGTH, SHOP_TEXT_MAX_LENGTH } from 'contract';
import type { ActivityKind } from '../activity-kinds.js';
import { OptionalIn, Trimmed } from '../../common/dto-decorators.js';
import { PageOf } from '../../common/dto/page-of.dto.js';
import { PageQueryDto } from '../../common/dto/page-query.dto.js';

const STRICT_DATE = { strict: true, strictSeparator: true };
const dateRule = (field: string) => ({
  message: `${field} must be an ISO 8601 date or date-time, e.g. 2026-11-23 or 2026-11-23T06:00:00Z`,
  context: { code: 'INVALID_DATE' },
});

/** One page of the activity log, and which entries. */
export class ActivityQueryDto extends PageQueryDto(ACTIVITY_MAX_PAGE_SIZE) {
  /** Entries by this admin (the username they had then; case-insensitive). @example "admin" */
  @IsOptional()
  @Trimmed()
  @IsString({ message: 'actor must be text' })
  @MaxLength(MAX_USERNAME_LENGTH, { message: `actor must be at most ${MAX_USERNAME_LENGTH} characters` })
  actor?: string;

  @ApiPropertyOptional({ enum: ACTIVITY_KINDS })
  @OptionalIn('kind', ACTIVITY_KINDS)
  kind?: ActivityKind;

  /** Entries about this shop (its history, also after it was deleted). */
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'shopId must be a shop id (a UUID)' })
  shopId?: string;

  /** Entries about shops whose name (as it was then) contains this text. @example "Bajío" */
  @IsOptional()
  @Trimmed()
  @IsString({ message: 'shop must be text' })
  @MaxLength(SHOP_TEXT_MAX_LENGTH.name, {
    message: `shop must be at most ${SHOP_TEXT_MAX_LENGTH.name} characters`,
  })
  shop?: string;

  /** Entries at or after this instant (a date alone is its midnight UTC). @example "2026-11-01T06:00:00.000Z" */
  @IsOptional()
  @IsISO8601(STRICT_DATE, dateRule('from'))
  from?: string;

  /** Entries before this instant, which must be later than `from`. @example "2026-11-24T06:00:00.000Z" */
  @IsOptional()
  @IsISO8601(STRICT_DATE, dateRule('to'))
  to?: string;
}

/** One entry of the activity log. */
export class ActivityEntryDto {
  /** Increasing with every entry written. */
  id: number;
  /** When the change was made. */
  @ApiProperty({ format: 'date-time' })
  at: string;
  @ApiProperty({ enum: ACTIVITY_KINDS })
  kind: ActivityKind;
  /** The admin who acted; null for a failed login, the first admin's creation and the server's own work. */
  actorId: string | null;
  /** Their username at the time. */
  actorName: string | null;
  /** The client's address (behind a proxy, as TRUST_PROXY lets the server see it). */
  client: string | null;
  shopId: string | null;
  /** The shop's name at the time. */
  shopName: string | null;
  /**
   * More about the change, by kind: `changes` (`{ field: { from, to } }`, long texts cut to 300
   * characters) for shop updates; `username` for admins and failed logins; `kind`, `shops`,
   * `images` and `bytes` for backups; `created`, `updated` and `images` for restores.
   */
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  details: Record<string, unknown> | null;
}

/** One page of the activity log, newest first. */
export class ActivityListDto extends PageOf(ActivityEntryDto, 'Entries matching the filters (all pages).') {}
