import type { ShopDto } from 'contract/api-types';

/** A gunsmith shop exactly as `GET /api/shops` returns it (generated from the OpenAPI document). */
export type Shop = ShopDto;

/**
 * The WhatsApp chat link of a shop's number (https://wa.me/<digits>: country code and number,
 * nothing else), or null when it has none or too few digits to be one.
 */
export function whatsappUrl(whatsapp: string | null | undefined): string | null {
  const digits = whatsapp?.replace(/\D/g, '') ?? '';
  return digits.length >= 8 && digits.length <= 15 ? `https://wa.me/${digits}` : null;
}

export const isVerifiedShop = (shop: Pick<Shop, 'isVerified'>): boolean => shop.isVerified === 'true';
