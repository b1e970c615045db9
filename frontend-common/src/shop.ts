/**
 * A gunsmith shop exactly as `GET /api/shops` returns it.
 *
 * Hand-written for now: the backend publishes its OpenAPI document at `/api/docs-json`, and
 * generating these types from it is a planned later step. Keep this in step with the backend's
 * shop response DTO until then.
 */
export interface Shop {
  /** uuid */
  id: string;
  name: string;
  description: string;
  address: string;
  city: string;
  state: string;
  phone: string;
  email: string;
  website: string | null;
  categories: string[];
  /** An image path (`/objects/...`), an http(s) URL, an icon key (see `logo.ts`) or anything else (emoji). */
  logo: string;
  mapImageUrl: string;
  googleMapsUrl: string;
  latitude: number | null;
  longitude: number | null;
  /** Text, not boolean: the API keeps the historical `'true'`/`'false'` encoding. */
  isVerified: 'true' | 'false';
  createdAt: string;
  updatedAt: string;
}

export const isVerifiedShop = (shop: Pick<Shop, 'isVerified'>): boolean => shop.isVerified === 'true';
