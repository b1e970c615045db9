import type { Shop } from './shop';

/** The listing's filters as the URL carries them ('all': a dropdown filter that is off). */
export interface ListingFilters {
  q: string;
  category: string;
  city: string;
  state: string;
  /** Each toggle of the listing (the shop schema's `listingFilter`): its value when on; 'all' otherwise. */
  [toggle: string]: string;
}

/**
 * What the server rendered a directory page from, embedded in the page for hydration, and what
 * the shell's server render reads for the page's head tags: the contract between the directory
 * remote's server build and the shell's. A listing carries only its page of cards (never the
 * whole directory: at 10,000 shops that would be megabytes before the page works).
 */
export interface ListingSnapshot {
  kind: 'listing';
  /** The filters and page these results are for (from the URL); `page` is within 1..pageCount. */
  filters: ListingFilters;
  page: number;
  items: Shop[];
  total: number;
  pageCount: number;
  categories: string[];
  cities: string[];
  states: string[];
}

export interface ShopSnapshot {
  kind: 'shop';
  shop: Shop;
  /** The page's absolute URL (from PUBLIC_URL), for sharing. */
  url: string;
}

/**
 * Either page, with the instant (epoch ms) the server rendered it at: the open/closed marks
 * are drawn for that instant, on the server and again when the browser hydrates the page.
 */
export type DirectorySnapshot = (ListingSnapshot | ShopSnapshot) & {
  renderedAt?: number;
  /** The local time in each zone of the page's shops at `renderedAt` (contract's localTimesOf). */
  localTimes?: Record<string, { day: number; minutes: number }>;
};
