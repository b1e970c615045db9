import { ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_CATEGORY_LENGTH, SHOP_TEXT_MAX_LENGTH } from 'contract';
import { ShopDto } from './shop.dto.js';
import { OptionalIn, OptionalText } from '../../common/dto-decorators.js';
import { PageOf } from '../../common/dto/page-of.dto.js';
import { PageQueryDto } from '../../common/dto/page-query.dto.js';

/** Largest page the admin list serves: 100 rows keep a response small and the table fast. */
export const ADMIN_SHOPS_MAX_PAGE_SIZE = 100;

export const ADMIN_SHOP_SORTS = ['name', 'city', 'updatedAt', 'verified'] as const;
export type AdminShopSort = (typeof ADMIN_SHOP_SORTS)[number];
/** The verification states the dashboard counts and the list filters by. */
export const VERIFICATION_STATES = ['expiring', 'expired'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** One page of the admin's shop list: which page, in which order, and which shops. */
export class AdminShopListQueryDto extends PageQueryDto(ADMIN_SHOPS_MAX_PAGE_SIZE) {
  /** `verified` puts verified shops first when descending; ties are broken by name. */
  @ApiPropertyOptional({ enum: ADMIN_SHOP_SORTS, default: 'name' })
  @OptionalIn('sort', ADMIN_SHOP_SORTS)
  sort?: AdminShopSort = 'name';

  @ApiPropertyOptional({ enum: SORT_ORDERS, default: 'asc' })
  @OptionalIn('order', SORT_ORDERS, 'order must be asc or desc')
  order?: SortOrder = 'asc';

  /**
   * Words that must all appear in the name, description, city, state, email or a category;
   * accents and case are ignored as in the public listing. @example "armeria jalisco"
   */
  @OptionalText('q', 200)
  q?: string;

  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @OptionalIn('verified', ['true', 'false'], 'verified must be true or false')
  verified?: 'true' | 'false';

  /**
   * `expiring`: verified shops whose certificate ends within the next 30 days (today included);
   * `expired`: shops whose certificate's valid-until has passed. Days are Mexico City's.
   */
  @ApiPropertyOptional({ enum: VERIFICATION_STATES })
  @OptionalIn('verification', VERIFICATION_STATES)
  verification?: VerificationState;

  /** Shops that have this category (case-insensitive). @example "Caza" */
  @OptionalText('category', MAX_CATEGORY_LENGTH)
  category?: string;

  /** Shops in this state (case-insensitive). @example "Jalisco" */
  @OptionalText('state', SHOP_TEXT_MAX_LENGTH.state)
  state?: string;
}

/** Counts over the whole directory, whatever the page and filters. */
export class AdminShopStatsDto {
  total: number;
  verified: number;
  unverified: number;
  /** Verified shops whose certificate ends within the next 30 days. */
  expiringSoon: number;
  /** Shops whose certificate's valid-until has passed. */
  expired: number;
}

/** One page of shops, how many match, and the directory's figures for the stats cards. */
export class AdminShopListDto extends PageOf(ShopDto, 'Shops matching the filters (all pages).') {
  stats: AdminShopStatsDto;
  /** Every category in the directory, in Spanish order (for the stats card and the filter). */
  categories: string[];
  /** Every state in the directory, in Spanish order (for the filter). */
  states: string[];
}
