import { Injectable } from '@nestjs/common';
import { encodeBytes, type EncodedDocument } from '../shops/public-catalog.handler.js';
import { ShopsService, type ShopCatalog } from '../shops/shops.service.js';
import { buildSitemap } from './sitemap.js';

/**
 * Without PUBLIC_URL each request's origin goes into the sitemap: a few origins are kept per
 * data version (localhost, 127.0.0.1, a LAN address); more would let Host headers fill memory.
 */
const ORIGINS_KEPT = 4;

/**
 * The sitemap, built and compressed once per data version (and origin), like the public
 * catalogue: a write makes the next request build the new one.
 */
@Injectable()
export class SeoService {
  private readonly sitemaps = new WeakMap<ShopCatalog, Map<string, Promise<EncodedDocument>>>();

  constructor(private readonly shops: ShopsService) {}

  async sitemap(origin: string): Promise<EncodedDocument> {
    const catalog = await this.shops.getCatalog();
    let byOrigin = this.sitemaps.get(catalog);
    if (!byOrigin) this.sitemaps.set(catalog, (byOrigin = new Map()));
    let encoded = byOrigin.get(origin);
    if (!encoded) {
      if (byOrigin.size >= ORIGINS_KEPT) byOrigin.delete(byOrigin.keys().next().value!);
      const cache = byOrigin;
      encoded = encodeBytes(Buffer.from(buildSitemap(catalog, origin)), 'application/xml; charset=utf-8');
      encoded.catch(() => cache.delete(origin));
      byOrigin.set(origin, encoded);
    }
    return encoded;
  }
}
