import type { ComponentType } from 'react';
import type { ShopFieldName } from 'contract';
import type { Shop } from 'frontend-common';
import { OpeningHours, OpenMark } from '../hours/OpeningHours';

/*
 * Where the shop's fields appear in the directory beyond the schema's own rendering: the public
 * "list my shop" form's inputs in order, and the views a field brings of its own (a mark on each
 * card, a section of the shop's details). The card, the details and the form render what is
 * listed here, so a field with views of its own is placed in this one file.
 */

/** How each field is typed in the "list my shop" form: input type, autocomplete, hint. */
export const SHOP_INPUTS: readonly {
  name: Exclude<ShopFieldName, 'isVerified'>;
  type?: 'email' | 'tel' | 'url' | 'textarea' | 'logo';
  autoComplete?: string;
  hint?: string;
  inputMode?: 'decimal';
}[] = [
  { name: 'name', autoComplete: 'organization' },
  { name: 'description', type: 'textarea' },
  { name: 'categories', hint: 'categories' },
  // address-line1, not street-address: that one is for a multi-line textarea, not an input.
  { name: 'address', autoComplete: 'address-line1' },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'state', autoComplete: 'address-level1' },
  { name: 'phone', type: 'tel', autoComplete: 'tel' },
  { name: 'whatsapp', type: 'tel', hint: 'whatsapp' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'website', type: 'url', autoComplete: 'url' },
  { name: 'openingHours', hint: 'openingHours' },
  { name: 'hoursNote' },
  { name: 'googleMapsUrl', type: 'url', hint: 'googleMapsUrl' },
  { name: 'mapImageUrl', type: 'url', hint: 'mapImageUrl' },
  { name: 'latitude', inputMode: 'decimal', hint: 'coordinates' },
  { name: 'longitude', inputMode: 'decimal', hint: 'coordinates' },
  { name: 'logo', type: 'logo', hint: 'logo' },
];

type ShopView = ComponentType<{ shop: Shop }>;

/** Marks under a card's city and verification, in order; each renders nothing when it has nothing to say. */
export const CARD_MARKS: readonly ShopView[] = [OpenMark];

/** Sections of the shop's details after its location, in order. */
export const DETAIL_SECTIONS: readonly ShopView[] = [OpeningHours];
