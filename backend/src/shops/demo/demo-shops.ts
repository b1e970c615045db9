/**
 * A realistic demo directory so that a new installation is not empty (names are fictional): 26
 * shops across the country, verified and not, with and without WhatsApp, website and weekly hours
 * (the contract's OpenStreetMap subset: most split at midday, one open all the time, a few with a
 * note). The shops are data, kept in demo-shops.json.
 */
import shops from './demo-shops.json' with { type: 'json' };

export interface DemoShop {
  name: string;
  description: string;
  address: string;
  city: string;
  state: string;
  phone: string;
  whatsapp: string | null;
  email: string;
  website: string | null;
  categories: string[];
  logo: string;
  latitude: number;
  longitude: number;
  isVerified: 'true' | 'false';
  openingHours?: string;
  hoursNote?: string;
}

export const DEMO_SHOPS = shops as DemoShop[];
