import { ApiProperty } from '@nestjs/swagger';
import { SHOP_SCHEMA, type ShopRecordValues } from 'contract';
import { documented } from './shop-field.decorator.js';

/**
 * A shop as the API returns it: its id, its slug and dates, and every field of the contract's
 * shop schema (declared below from the table; an optional field the shop has not is null).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the fields come from the schema
export interface ShopDto extends ShopRecordValues {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class ShopDto {
  /** @example "3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f" */
  id: string;
  /** The shop page's URL segment (`/shops/<slug>`), made from name and city; changes only when they do. @example "armeria-el-centinela-guadalajara" */
  slug: string;
  createdAt: Date;
  updatedAt: Date;
}
for (const definition of SHOP_SCHEMA)
  ApiProperty({ required: true, ...documented(definition) })(ShopDto.prototype, definition.name);

/** The answer for an old slug: the shop's current one. */
export class ShopSlugRedirectDto {
  /** @example "armeria-el-centinela-zapopan" */
  slug: string;
}
