import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** The highest page number an admin list accepts (far past any real list; keeps the offset a safe integer). */
const MAX_PAGE = 1_000_000;

/**
 * The paging of an admin list's query (the activity log, the shops, the requests): a class to
 * extend, ahead of the list's own filters, with the largest page size that list serves.
 */
export function PageQueryDto(maxPageSize: number) {
  class PageQuery {
    /** 1-based; a page past the last answers no items (and the real `total`). */
    @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE, default: 1 })
    @IsOptional()
    @Type(() => Number)
    @IsInt({ message: 'page must be a whole number' })
    @Min(1, { message: 'page must be 1 or more' })
    @Max(MAX_PAGE, { message: `page must be at most ${MAX_PAGE}` })
    page?: number = 1;

    @ApiPropertyOptional({ minimum: 1, maximum: maxPageSize, default: 20 })
    @IsOptional()
    @Type(() => Number)
    @IsInt({ message: 'pageSize must be a whole number' })
    @Min(1, { message: 'pageSize must be 1 or more' })
    @Max(maxPageSize, { message: `pageSize must be at most ${maxPageSize}` })
    pageSize?: number = 20;
  }
  return PageQuery;
}
