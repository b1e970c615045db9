import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Piscina } from 'piscina';
import { backgroundPool } from '../common/background-pool.js';
import { bufferOf } from '../common/cloned-bytes.js';
import type { EncodedDocument } from '../common/encoded-document.js';
import { byOrigin } from '../common/public-url.js';
import { ShopsService, type ShopCatalog } from '../shops/shops.service.js';
import type { EncodedSitemaps, SitemapTask } from './sitemap.worker.js';

/**
 * Origins whose sitemaps are kept at once: at 10,000 shops each is about 2 MB (gzip and brotli).
 * With PUBLIC_URL there is one; without, a site seldom answers to more than a few names.
 */
export const KEPT_SITEMAPS = 4;

/**
 * The sitemap, built and compressed once per data version and origin: a write makes the next
 * request build the new one. The origin is PUBLIC_URL, or without it the request's own, so a
 * forged Host header gets a sitemap naming itself, never one that other visitors and crawlers
 * are then given (it was the first origin asked after a start). The last KEPT_SITEMAPS origins'
 * are kept; the catalogue's part that the XML reads is prepared once per version for all of
 * them. The XML is written in a worker thread (common/background-pool.ts), one at a time, not on
 * the web server's event loop.
 */
@Injectable()
export class SeoService implements OnModuleDestroy {
  private readonly sitemaps = byOrigin<{ version: number; built: Promise<EncodedSitemaps> }>(KEPT_SITEMAPS);
  private input?: { version: number; slugs: string; modified: Float64Array };
  private pool?: Piscina<SitemapTask, EncodedSitemaps>;

  constructor(private readonly shops: ShopsService) {}

  /** `/sitemap.xml` (part 0), or one file of its index (`/sitemap-<part>.xml`); null: no such file. */
  async sitemap(origin: string, part = 0): Promise<EncodedDocument | null> {
    const catalog = await this.shops.getCatalog();
    let entry = this.sitemaps.get(origin);
    if (entry?.version !== catalog.version) {
      const fresh = { version: catalog.version, built: this.build(catalog, origin) };
      fresh.built.catch(() => {
        if (this.sitemaps.peek(origin) === fresh) this.sitemaps.delete(origin);
      });
      this.sitemaps.set(origin, fresh);
      entry = fresh;
    }
    const { main, parts } = await entry.built;
    return part === 0 ? main : (parts[part - 1] ?? null);
  }

  /** How many origins' sitemaps are kept (for the tests: never more than KEPT_SITEMAPS). */
  get keptOrigins(): number {
    return this.sitemaps.size;
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }

  private async build(catalog: ShopCatalog, origin: string): Promise<EncodedSitemaps> {
    // Built once per data version: the thread stops 2 s after, and gives its heap back.
    this.pool ??= backgroundPool('seo/sitemap.worker.js', { idleMs: 2_000 });
    // Only what the sitemap reads crosses to the worker, and only compressed bytes come back:
    // crawlers take gzip, and the uncompressed XML would be another 9.5 MB kept at 10,000 shops.
    // Prepared once per version: builds for several origins waiting for the thread share it.
    if (this.input?.version !== catalog.version) {
      this.input = {
        version: catalog.version,
        slugs: catalog.shops.map(({ slug }) => slug).join('\n'),
        modified: Float64Array.from(catalog.shops, ({ updatedAt }) => new Date(updatedAt).getTime()),
      };
    }
    const { slugs, modified } = this.input;
    const { main, parts } = await this.pool.run({ slugs, modified, origin });
    return { main: asBuffers(main), parts: parts.map(asBuffers) };
  }
}

/** A document as it crossed from the worker (its buffers arrive as plain Uint8Arrays), with Buffers. */
function asBuffers(document: EncodedDocument): EncodedDocument {
  return { ...document, gzip: bufferOf(document.gzip), brotli: bufferOf(document.brotli) };
}
