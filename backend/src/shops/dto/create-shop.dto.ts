import { SHOP_FIELD, SHOP_SCHEMA, type ShopValues } from 'contract';
import { ContractField } from './shop-field.decorator.js';

/**
 * A new shop: the fields of the contract's shop schema (contract/src/shop-schema.js), each
 * normalised, checked and documented by it. Its properties are the schema's, declared below
 * from the table, so a field added to the schema is accepted here without another line.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the properties come from the schema
export interface CreateShopDto extends ShopValues {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class CreateShopDto {}
for (const { name } of SHOP_SCHEMA) ContractField(SHOP_FIELD[name])(CreateShopDto.prototype, name);
