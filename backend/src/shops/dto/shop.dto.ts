/** A shop as the API returns it. */
export class ShopDto {
  /** @example "3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f" */
  id: string;
  /** @example "Armería El Centinela" */
  name: string;
  /** The shop page's URL segment (`/shops/<slug>`), made from name and city; changes only when they do. @example "armeria-el-centinela-guadalajara" */
  slug: string;
  description: string;
  /** @example "Av. Juárez 123, Col. Centro" */
  address: string;
  /** @example "Guadalajara" */
  city: string;
  /** @example "Jalisco" */
  state: string;
  /** @example "+52 33 1234 5678" */
  phone: string;
  /** An international number for a https://wa.me/<digits> link, or null. @example "+52 1 33 1234 5678" */
  whatsapp: string | null;
  /** @example "contacto@centinela.mx" */
  email: string;
  /** An http(s) URL, or null. */
  website: string | null;
  /** @example ["Armería", "Mantenimiento"] */
  categories: string[];
  /** An image path (`/objects/uploads/<uuid>`), an http(s) URL, or an icon key (`crosshairs`, `bullseye`, `medal`, `bow-arrow`, `tools`, `shield-alt`). */
  logo: string;
  /** An image path (`/objects/uploads/<uuid>`) or an http(s) URL. */
  mapImageUrl: string;
  /** @example "https://maps.google.com/?q=20.6767,-103.3475" */
  googleMapsUrl: string;
  /** @example 20.67666667 */
  latitude: number | null;
  /** @example -103.34750000 */
  longitude: number | null;
  /** 'true' when the alliance verified this gunsmith. */
  isVerified: 'true' | 'false';
  createdAt: Date;
  updatedAt: Date;
}

/** The answer for an old slug: the shop's current one. */
export class ShopSlugRedirectDto {
  /** @example "armeria-el-centinela-zapopan" */
  slug: string;
}
