import { normalizeText } from 'contract';
import type { Shop } from 'frontend-common';
import { json } from 'frontend-common/jest/msw';

/**
 * GET /api/admin/shops as the backend answers it, over a fixed list: the verified filter, a
 * search on name and city, a page, and the stats of the whole list.
 */
export function adminList(shops: Shop[] | (() => Shop[])) {
  return (request: Request) => {
    const all = typeof shops === 'function' ? shops() : shops;
    const query = new URL(request.url).searchParams;
    const q = normalizeText(query.get('q') ?? '');
    const verified = query.get('verified');
    const matching = all.filter(
      (shop) =>
        (!verified || shop.isVerified === verified) &&
        (!q || normalizeText(`${shop.name} ${shop.city}`).includes(q)),
    );
    const page = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('pageSize') ?? 20);
    const verifiedCount = all.filter((shop) => shop.isVerified === 'true').length;
    return json({
      items: matching.slice((page - 1) * pageSize, page * pageSize),
      total: matching.length,
      page,
      pageSize,
      stats: { total: all.length, verified: verifiedCount, unverified: all.length - verifiedCount },
      categories: [...new Set(all.flatMap((shop) => shop.categories))].sort((a, b) =>
        a.localeCompare(b, 'es'),
      ),
      states: [...new Set(all.map((shop) => shop.state))].sort(),
    });
  };
}
