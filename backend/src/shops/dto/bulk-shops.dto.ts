import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { BulkIds } from '../../common/dto/bulk-ids.decorator.js';

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
  @BulkIds('shop', MAX_BULK_SHOPS)
  ids: string[];
}

/** What a bulk action did. */
export class BulkShopsResultDto {
  @ApiProperty({ enum: BULK_SHOP_ACTIONS })
  action: BulkShopAction;
  /** Shops the action applied to (all of `ids`). */
  count: number;
}
