import { Injectable } from '@nestjs/common';
import { encodeBytes, type EncodedDocument } from '../shops/public-catalog.handler.js';
import { ShopsService, type ShopCatalog } from '../shops/shops.service.js';
import { buildSitemaps } from './sitemap.js';

const XML = 'application/xml; charset=utf-8';

interface EncodedSitemaps {
  origin: string;
  main: EncodedDocument;
  parts: EncodedDocument[];
}

/**
 * The sitemap, built and compressed once per data version, like the public catalogue: a write
 * makes the next request build the new one. It is built for one origin: PUBLIC_URL, or without
 * it the first origin that asked since the start (a request's Host header never causes a
 * rebuild, so random Host headers cannot make the server rebuild and recompress it).
 */
@Injectable()
export class SeoService {
  private readonly sitemaps = new WeakMap<ShopCatalog, Promise<EncodedSitemaps>>();
  private origin?: string;

  constructor(private readonly shops: ShopsService) {}

  /** `/sitemap.xml` (part 0), or one file of its index (`/sitemap-<part>.xml`); null: no such file. */
  async sitemap(requestOrigin: string, part = 0): Promise<EncodedDocument | null> {
    this.origin ??= requestOrigin;
    const catalog = await this.shops.getCatalog();
    let built = this.sitemaps.get(catalog);
    if (!built) {
      built = this.build(catalog, this.origin);
      built.catch(() => this.sitemaps.delete(catalog));
      this.sitemaps.set(catalog, built);
    }
    const { main, parts } = await built;
    return part === 0 ? main : (parts[part - 1] ?? null);
  }

  private async build(catalog: ShopCatalog, origin: string): Promise<EncodedSitemaps> {
    const { main, parts } = buildSitemaps(catalog, origin);
    return {
      origin,
      main: await encodeBytes(Buffer.from(main), XML),
      parts: await Promise.all(parts.map((part) => encodeBytes(Buffer.from(part), XML))),
    };
  }
}
