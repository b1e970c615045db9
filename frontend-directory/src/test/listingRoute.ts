import { ALL, filterShops, pageOf } from 'contract';
import type { Shop } from 'frontend-common';
import { apiError, json } from 'frontend-common/jest/msw';

/**
 * `GET /api/shops/listing` over `shops()` as the backend answers it: the contract's own filters
 * and paging (backend/test/public-listing.test.ts checks the backend against the same).
 */
export function listingRoute(shops: () => readonly Shop[]) {
  return (request: Request) => {
    const params = new URL(request.url).searchParams;
    const results = filterShops(shops(), {
      q: params.get('q') ?? '',
      category: params.get('category') ?? ALL,
      city: params.get('city') ?? ALL,
      state: params.get('state') ?? ALL,
    });
    return json({ ...pageOf(results, Number(params.get('page') ?? 1)), total: results.length });
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
