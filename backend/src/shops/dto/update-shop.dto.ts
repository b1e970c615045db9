import { PartialType } from '@nestjs/swagger';
import { CreateShopDto } from './create-shop.dto.js';

/** Any subset of a shop's fields (e.g. only `isVerified` to verify it); each follows the create rules. */
export class UpdateShopDto extends PartialType(CreateShopDto) {}
