import { ShopField } from './shop-field.decorator.js';

/**
 * A new shop: the fields of the contract's shop schema (contract/src/shop-schema.js), each
 * normalised and checked by its rules.
 */
export class CreateShopDto {
  @ShopField('name')
  name: string;

  @ShopField('description')
  description: string;

  @ShopField('address')
  address: string;

  @ShopField('city')
  city: string;

  @ShopField('state')
  state: string;

  /** Digits with optional +, spaces, dots, dashes, parentheses and an extension. */
  @ShopField('phone')
  phone: string;

  @ShopField('email')
  email: string;

  /** Optional international number (+ and country code, 8-15 digits) for https://wa.me/; empty or null means none. */
  @ShopField('whatsapp')
  whatsapp?: string | null;

  /** Optional http(s) URL; empty or null means none. */
  @ShopField('website')
  website?: string | null;

  /** At least one; blanks are refused and repeats removed. */
  @ShopField('categories')
  categories: string[];

  /** `/objects/uploads/<uuid>`, an http(s) URL, or an icon key. */
  @ShopField('logo')
  logo: string;

  /** `/objects/uploads/<uuid>` or an http(s) URL. */
  @ShopField('mapImageUrl')
  mapImageUrl: string;

  @ShopField('googleMapsUrl')
  googleMapsUrl: string;

  /** -90 to 90, at most 8 decimals. */
  @ShopField('latitude')
  latitude?: number | null;

  /** -180 to 180, at most 8 decimals. */
  @ShopField('longitude')
  longitude?: number | null;

  /** 'true'/'false' (or a boolean); answered as text. Defaults to 'false'. */
  @ShopField('isVerified')
  isVerified?: 'true' | 'false';
}
