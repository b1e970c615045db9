import { PartialType } from '@nestjs/swagger';
import { CreateShopDto } from './create-shop.dto.js';

/**
 * Any subset of a shop's fields (e.g. only `isVerified` to verify it); each follows the create
 * rules. An explicit null is validated too, so a required field cannot be emptied with null.
 */
export class UpdateShopDto extends PartialType(CreateShopDto, { skipNullProperties: false }) {}
