import type { Shop } from 'frontend-common';

/** `tel:` wants digits and a leading +; the visible text keeps the shop's own formatting. */
export const telHref = (phone: string) => {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits.replace(/\D/g, '').length >= 7 ? `tel:${digits}` : null;
};

export const mailHref = (email: string) =>
  /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+$/.test(email) ? `mailto:${email}` : null;

/** A WhatsApp message with this text for a contact the visitor picks. */
export const whatsAppShareHref = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

/**
 * Google Maps directions from where the visitor is to the shop: to its coordinates when it has
 * them, else to its address (Maps URLs API, no key needed).
 */
export function directionsHref(shop: Pick<Shop, 'latitude' | 'longitude' | 'address' | 'city' | 'state'>) {
  const destination =
    shop.latitude !== null && shop.longitude !== null
      ? `${shop.latitude},${shop.longitude}`
      : `${shop.address}, ${shop.city}, ${shop.state}, México`;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}
