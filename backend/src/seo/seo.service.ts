import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Piscina } from 'piscina';
import { backgroundPool } from '../common/background-pool.js';
import { encodeBytes, type EncodedDocument } from '../common/encoded-document.js';
import { ShopsService, type ShopCatalog } from '../shops/shops.service.js';
import type { SitemapShop, Sitemaps } from './sitemap.js';

const XML = 'application/xml; charset=utf-8';

interface EncodedSitemaps {
  main: EncodedDocument;
  parts: EncodedDocument[];
}

/**
 * The sitemap, built and compressed once per data version, like the public catalogue: a write
 * makes the next request build the new one. It is built for one origin: PUBLIC_URL, or without
 * it the first origin that asked since the start (a request's Host header never causes a
 * rebuild, so random Host headers cannot make the server rebuild and recompress it). The XML is
 * written in a worker thread (common/background-pool.ts),
 * not on the web server's event loop.
 */
@Injectable()
export class SeoService implements OnModuleDestroy {
  private readonly sitemaps = new WeakMap<ShopCatalog, Promise<EncodedSitemaps>>();
  private origin?: string;
  private pool?: Piscina<{ shops: SitemapShop[]; origin: string }, Sitemaps>;

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

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }

  private async build(catalog: ShopCatalog, origin: string): Promise<EncodedSitemaps> {
    // Built once per data version: the thread stops 2 s after, and gives its heap back.
    this.pool ??= backgroundPool('seo/sitemap.worker.js', { idleMs: 2_000 });
    // Only what the sitemap reads crosses to the worker.
    const shops = catalog.shops.map(({ slug, updatedAt }) => ({ slug, updatedAt }));
    const { main, parts } = await this.pool.run({ shops, origin });
    // Crawlers take gzip: at 10,000 shops the uncompressed XML would be another 9.5 MB kept.
    const encoded = (xml: string) => encodeBytes(Buffer.from(xml), XML, { compressedOnly: true });
    return { main: await encoded(main), parts: await Promise.all(parts.map(encoded)) };
  }
}
