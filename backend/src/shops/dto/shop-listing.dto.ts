import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiQuery } from '@nestjs/swagger';
import { IsIn, IsOptional, ValidateBy } from 'class-validator';
import {
  ALL,
  LISTING_MAX_PAGE,
  LISTING_PAGE_SIZE,
  LISTING_TOGGLES,
  MAX_CATEGORY_LENGTH,
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_WORDS,
  SHOP_TEXT_MAX_LENGTH,
  searchWords,
  toggleValues,
  type ShopFilters,
} from 'contract';
import { ShopDto } from './shop.dto.js';
import { OptionalText } from '../../common/dto-decorators.js';
import { CountFromOne } from '../../common/dto/page-query.dto.js';
import { createValidationPipe } from '../../common/validation.pipe.js';

/** A search of at most SEARCH_MAX_WORDS words (as the listing splits them): each is one more test per shop. */
function AtMostSearchWords(): PropertyDecorator {
  return ValidateBy(
    {
      name: 'atMostSearchWords',
      validator: {
        validate: (value: unknown) =>
          typeof value !== 'string' || searchWords(value).length <= SEARCH_MAX_WORDS,
        defaultMessage: () => `q must have at most ${SEARCH_MAX_WORDS} words`,
      },
    },
    { context: { code: 'TOO_MANY', params: { max: SEARCH_MAX_WORDS } } },
  );
}

/** The listing's page (the base class, so its rules are checked after the filters'). */
class ListingPageQueryDto {
  /** 1-based; a page past the last answers the last page (as the pages do). */
  @CountFromOne('page', LISTING_MAX_PAGE, 1)
  page?: number = 1;
}

/**
 * The public listing's URL parameters: the same names and meaning as the pages' `?q=&category=...`,
 * and one per toggle of the shop schema (LISTING_TOGGLES, added below).
 */
export class ShopListingQueryDto extends ListingPageQueryDto {
  /**
   * Words that must all appear in the name, description, city or a category; accents and case
   * are ignored. @example "armeria leon"
   */
  @OptionalText('q', SEARCH_MAX_LENGTH)
  @AtMostSearchWords()
  q?: string;

  /** Shops that have this category (case-insensitive); `all` or nothing: any. @example "Caza" */
  @OptionalText('category', MAX_CATEGORY_LENGTH)
  category?: string;

  /** Shops in this city (case-insensitive); `all` or nothing: any. @example "León" */
  @OptionalText('city', SHOP_TEXT_MAX_LENGTH.city)
  city?: string;

  /** Shops in this state (case-insensitive); `all` or nothing: any. @example "Guanajuato" */
  @OptionalText('state', SHOP_TEXT_MAX_LENGTH.state)
  state?: string;
}

// Each toggle: its value or `all`, or nothing (applied in the order `@IsOptional() @IsIn()` would be).
for (const { param, value } of LISTING_TOGGLES) {
  const target = ShopListingQueryDto.prototype;
  IsIn([value, ALL], { message: `${param} must be '${value}' or '${ALL}'` })(target, param);
  IsOptional()(target, param);
}

/** The toggles' query parameters in the API document, on the route so they come after the others, as in the URL. */
export const ApiListingToggles = () =>
  applyDecorators(
    ...LISTING_TOGGLES.map(({ param, value, doc }) =>
      ApiQuery({
        name: param,
        required: false,
        description: doc,
        schema: { type: 'string', enum: [value, ALL] },
      }),
    ),
  );

const validation = createValidationPipe();

/** A listing's URL parameters checked by the route's validation pipe: the query, or its 400 (an ApiError). */
export const checkedListingQuery = (params: Record<string, unknown>): Promise<ShopListingQueryDto> =>
  validation.transform(params, {
    type: 'query',
    metatype: ShopListingQueryDto,
  }) as Promise<ShopListingQueryDto>;

/** The filters as the listing applies them (absent ones switched off). */
export function listingFilters(query: ShopListingQueryDto): ShopFilters {
  const toggles = query as unknown as Partial<Record<string, string>>;
  return {
    q: query.q ?? '',
    category: query.category || ALL,
    city: query.city || ALL,
    state: query.state || ALL,
    ...toggleValues((param) => toggles[param]),
  };
}

/** One page of the public listing, in its order (verified first, then by name). */
export class ShopListingDto {
  @ApiProperty({ type: [ShopDto], description: `At most ${LISTING_PAGE_SIZE} shops` })
  items: ShopDto[];

  /** The page these items are (the last page when a later one was asked for). @example 1 */
  page: number;

  /** How many pages the filtered listing has (at least 1). @example 3 */
  pageCount: number;

  /** How many shops match the filters, over every page. @example 29 */
  total: number;
}
