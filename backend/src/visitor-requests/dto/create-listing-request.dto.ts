import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CORRECTION_FIELDS,
  LISTING_IMAGE_FIELDS,
  LISTING_SHOP_FIELD_NAMES,
  QUARANTINED_IMAGE_PATH,
  SHOP_FIELD,
  type ShopValues,
} from 'contract';
import { Type } from 'class-transformer';
import { IsBoolean, IsDefined, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { ContractField, ShopField } from '../../shops/dto/shop-field.decorator.js';
import { MAX_PROOF_LENGTH } from './create-correction.dto.js';

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
  if (images.includes(name))
    ContractField(SHOP_FIELD[name], QUARANTINED_IMAGE_PATH)(ListingShopDto.prototype, name);
  else ShopField(name)(ListingShopDto.prototype, name);
}

/** What a visitor sends with "List my shop". */
export class CreateListingRequestDto {
  /** The shop's data, checked with the same rules as the administrators' shop form. */
  @ApiProperty({ type: ListingShopDto })
  @IsDefined({ message: 'shop is required' })
  @ValidateNested()
  @Type(() => ListingShopDto)
  shop: ListingShopDto;

  /** The submitter's name, to be told the outcome (optional; erased after the retention period). */
  @ContractField(CORRECTION_FIELDS.name)
  name?: string | null;

  /** The submitter's e-mail, to be told the outcome (optional; needs `consent`). */
  @ContractField(CORRECTION_FIELDS.email)
  email?: string | null;

  /** True when the submitter agrees that their name and e-mail are kept until the decision. */
  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @IsBoolean({ message: 'consent must be true or false' })
  consent?: boolean;

  /** Left empty by people (the field is hidden); a robot that fills it is answered but not queued. */
  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString({ message: 'homepage must be text' })
  @MaxLength(500, { message: 'homepage must be at most 500 characters' })
  homepage?: string;

  /** The ALTCHA widget's answer to a challenge of `GET /api/requests/challenge` (base64 JSON). */
  @ApiPropertyOptional({ maxLength: MAX_PROOF_LENGTH })
  @IsOptional()
  @IsString({ message: 'altcha must be text' })
  @MaxLength(MAX_PROOF_LENGTH, { message: `altcha must be at most ${MAX_PROOF_LENGTH} characters` })
  altcha?: string;
}
