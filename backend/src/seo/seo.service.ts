import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Piscina } from 'piscina';
import { backgroundPool } from '../common/background-pool.js';
import { bufferOf } from '../common/cloned-bytes.js';
import type { EncodedDocument } from '../common/encoded-document.js';
import { ShopsService, type ShopCatalog } from '../shops/shops.service.js';
import type { EncodedSitemaps, SitemapTask } from './sitemap.worker.js';

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
  private pool?: Piscina<SitemapTask, EncodedSitemaps>;

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
    // Only what the sitemap reads crosses to the worker, and only compressed bytes come back:
    // crawlers take gzip, and the uncompressed XML would be another 9.5 MB kept at 10,000 shops.
    const slugs = catalog.shops.map(({ slug }) => slug).join('\n');
    const modified = Float64Array.from(catalog.shops, ({ updatedAt }) => new Date(updatedAt).getTime());
    const { main, parts } = await this.pool.run({ slugs, modified, origin });
    return { main: asBuffers(main), parts: parts.map(asBuffers) };
  }
}

/** A document as it crossed from the worker (its buffers arrive as plain Uint8Arrays), with Buffers. */
function asBuffers(document: EncodedDocument): EncodedDocument {
  return { ...document, gzip: bufferOf(document.gzip), brotli: bufferOf(document.brotli) };
}
