import type { ShopDto } from 'contract/api-types';

/** A gunsmith shop exactly as `GET /api/shops` returns it (generated from the OpenAPI document). */
export type Shop = ShopDto;

export const isVerifiedShop = (shop: Pick<Shop, 'isVerified'>): boolean => shop.isVerified === 'true';
