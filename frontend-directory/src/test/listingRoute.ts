import { filterShops, pageOf } from 'contract';
import type { Shop } from 'frontend-common';
import { apiError, json } from 'frontend-common/jest/msw';
import { listingQuery } from '../app/snapshot';

/**
 * `GET /api/shops/listing` over `shops()` as the backend answers it: the contract's own filters
 * and paging (backend/test/public-listing.test.ts checks the backend against the same).
 */
export function listingRoute(shops: () => readonly Shop[]) {
  return (request: Request) => {
    // The URL parameters as the listing itself reads them (app/snapshot.ts).
    const { filters, page } = listingQuery(new URL(request.url).searchParams);
    const results = filterShops(shops(), filters);
    return json({ ...pageOf(results, page), total: results.length });
  };
}

/** `GET /api/shops/by-slug/:slug` over `shops()`: the shop, or the backend's 404. */
export function bySlugRoute(shops: () => readonly Shop[]) {
  return (request: Request) => {
    const slug = decodeURIComponent(new URL(request.url).pathname.split('/').pop() ?? '');
    const shop = shops().find((candidate) => candidate.slug === slug);
    return shop ? json(shop) : apiError(404, 'Shop not found', { code: 'SHOP_NOT_FOUND' });
  };
}
