// A realistic demo directory (fictional names: 26 shops, every kind of field and hours), in demo-shops.json.
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
