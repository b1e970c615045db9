import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** The highest page number an admin list accepts (far past any real list; keeps the offset a safe integer). */
const MAX_PAGE = 1_000_000;

/**
 * A query parameter that counts from 1 (a page, a page size): optional, a whole number from 1 to
 * `max`, with the API's messages naming it.
 */
export const CountFromOne = (name: string, max: number, defaultValue: number) =>
  applyDecorators(
    ApiPropertyOptional({ minimum: 1, maximum: max, default: defaultValue }),
    IsOptional(),
    Type(() => Number),
    IsInt({ message: `${name} must be a whole number` }),
    Min(1, { message: `${name} must be 1 or more` }),
    Max(max, { message: `${name} must be at most ${max}` }),
  );

/**
 * The paging of an admin list's query (the activity log, the shops, the requests): a class to
 * extend, ahead of the list's own filters, with the largest page size that list serves.
 */
export function PageQueryDto(maxPageSize: number) {
  class PageQuery {
    /** 1-based; a page past the last answers no items (and the real `total`). */
    @CountFromOne('page', MAX_PAGE, 1)
    page?: number = 1;

    @CountFromOne('pageSize', maxPageSize, 20)
    pageSize?: number = 20;
  }
  return PageQuery;
}
