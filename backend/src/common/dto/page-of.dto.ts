import type { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';

/**
 * One page of an admin list's answer, to extend under the list's own name: its `items`, how many
 * match the filters (`totalDescription` says what they are) and the page asked for.
 */
export function PageOf<Item>(item: Type<Item>, totalDescription?: string) {
  class Page {
    @ApiProperty({ type: [item] })
    items: Item[];

    @ApiProperty(totalDescription ? { description: totalDescription } : {})
    total: number;

    @ApiProperty()
    page: number;

    @ApiProperty()
    pageSize: number;
  }
  return Page;
}
