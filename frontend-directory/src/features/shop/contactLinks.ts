import type { Shop } from 'frontend-common';

/** `tel:` wants digits and a leading +; the visible text keeps the shop's own formatting. */
export const telHref = (phone: string) => {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits.replace(/\D/g, '').length >= 7 ? `tel:${digits}` : null;
};

/** One side of an e-mail address: no spaces, at signs, angle brackets, parentheses, quotes, commas, colons. */
const EMAIL_PART = /^[^\s@<>()"',;:]+$/;

/**
 * A `mailto:` link for something@domain.tld: a domain with a dot that is neither its first nor
 * its last character. Checked part by part: one pattern with `[^…]+\.[^…]+` for the domain
 * (whose characters include the dot) could split a long domain at every dot.
 */
export const mailHref = (email: string) => {
  const at = email.indexOf('@');
  const domain = email.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return at > 0 &&
    EMAIL_PART.test(email.slice(0, at)) &&
    EMAIL_PART.test(domain) &&
    dot > 0 &&
    dot < domain.length - 1
    ? `mailto:${email}`
    : null;
};

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
