import { ApiProperty } from '@nestjs/swagger';
import {
  LISTING_IMAGE_FIELDS,
  LISTING_SHOP_FIELD_NAMES,
  QUARANTINED_IMAGE_PATH,
  SHOP_FIELD,
  type ShopValues,
} from 'contract';
import { Type } from 'class-transformer';
import { IsDefined, ValidateNested } from 'class-validator';
import { ContractField } from '../../shops/dto/shop-field.decorator.js';
import { VisitorSubmissionDto } from './visitor-submission.dto.js';

/**
 * The shop a gunsmith asks to list: the fields of the contract's shop schema with its rules,
 * but the verification, which only an administrator gives.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the properties come from the schema
export interface ListingShopDto extends Omit<ShopValues, 'isVerified'> {}
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class ListingShopDto {}
for (const name of LISTING_SHOP_FIELD_NAMES) {
  // The logo and the map or photo may also be an image the visitor uploaded to quarantine.
  const images: readonly string[] = LISTING_IMAGE_FIELDS;
  const alsoAccepted = images.includes(name) ? QUARANTINED_IMAGE_PATH : undefined;
  ContractField(SHOP_FIELD[name], alsoAccepted)(ListingShopDto.prototype, name);
}

/** What a listing request is about: the shop. */
class ListingRequestFields {
  /** The shop's data, checked with the same rules as the administrators' shop form. */
  @ApiProperty({ type: ListingShopDto })
  @IsDefined({ message: 'shop is required' })
  @ValidateNested()
  @Type(() => ListingShopDto)
  shop: ListingShopDto;
}

/** What a visitor sends with "List my shop". */
export class CreateListingRequestDto extends VisitorSubmissionDto(ListingRequestFields) {}
