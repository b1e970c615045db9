// A realistic demo directory (fictional names: 26 shops, every kind of field and hours), in demo-shops.json.
import type { ShopValues } from 'contract';
import shops from './demo-shops.json' with { type: 'json' };

/** Each shop's fields but its map picture and Google Maps link, which the seeder adds. */
export const DEMO_SHOPS = shops as Omit<ShopValues, 'mapImageUrl' | 'googleMapsUrl'>[];
