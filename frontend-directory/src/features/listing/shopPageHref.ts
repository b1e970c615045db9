import type { Shop } from 'frontend-common';

/**
 * Where a shop's own page is, for links from the map (and anything else outside the card grid).
 * Today that is the listing's detail dialog, `?shop=<id>` on the current listing URL; when shops
 * carry a slug (issue 13) this becomes `/shops/<slug>` (or `/en/shops/<slug>`), here alone.
 */
export function shopPageHref(shop: Pick<Shop, 'id'>, basePath: string, params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.set('shop', shop.id);
  return `${basePath}?${next.toString()}`;
}
