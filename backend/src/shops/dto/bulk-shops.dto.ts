import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsUUID } from 'class-validator';

export const BULK_SHOP_ACTIONS = ['verify', 'unverify', 'delete'] as const;
export type BulkShopAction = (typeof BULK_SHOP_ACTIONS)[number];

/** At most this many shops per bulk request (ten full pages of the admin list). */
export const MAX_BULK_SHOPS = 1000;

/** One action on many shops, all or nothing. */
export class BulkShopsDto {
  @ApiProperty({ enum: BULK_SHOP_ACTIONS })
  @IsIn(BULK_SHOP_ACTIONS, { message: `action must be one of: ${BULK_SHOP_ACTIONS.join(', ')}` })
  action: BulkShopAction;

  /** The shops' ids; when one does not exist nothing is changed (404). */
  @ApiProperty({ type: [String], minItems: 1, maxItems: MAX_BULK_SHOPS, uniqueItems: true })
  @IsArray({ message: 'ids must be a list of shop ids' })
  @ArrayMinSize(1, { message: 'ids must name at least one shop' })
  @ArrayMaxSize(MAX_BULK_SHOPS, { message: `ids may name at most ${MAX_BULK_SHOPS} shops` })
  @ArrayUnique({ message: 'ids must not repeat a shop' })
  @IsUUID('all', { each: true, message: 'each id must be a shop id (a UUID)' })
  ids: string[];
}

/** What a bulk action did. */
export class BulkShopsResultDto {
  @ApiProperty({ enum: BULK_SHOP_ACTIONS })
  action: BulkShopAction;
  /** Shops the action applied to (all of `ids`). */
  count: number;
}
