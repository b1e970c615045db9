import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Piscina } from 'piscina';
import { backgroundPool } from '../common/background-pool.js';
import { bufferOf } from '../common/cloned-bytes.js';
import type { EncodedDocument } from '../common/encoded-document.js';
import { byOrigin } from '../common/public-url.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { workerDatabaseOf } from '../database/worker-data-source.js';
import { ShopsService } from '../shops/shops.service.js';
import type { EncodedSitemap, SitemapTask } from './sitemap.worker.js';

/** Origins whose sitemaps are kept (each lists every shop); with PUBLIC_URL there is one. */
export const KEPT_SITEMAPS = 4;

/** The sitemap per version and origin (a forged Host gets one naming itself only), built in a worker. */
@Injectable()
export class SeoService implements OnModuleDestroy {
  /** Per origin, its files as asked (0: the main one), of one data version. */
  private readonly sitemaps = byOrigin<{
    version: number;
    files: Map<number, Promise<EncodedDocument | null>>;
  }>(KEPT_SITEMAPS);
  private pool?: Piscina<SitemapTask, EncodedSitemap | null>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly shops: ShopsService,
  ) {}

  /** `/sitemap.xml` (part 0), or one file of its index (`/sitemap-<part>.xml`); null: no such file. */
  async sitemap(origin: string, part = 0): Promise<EncodedDocument | null> {
    const version = await this.shops.currentVersion();
    let entry = this.sitemaps.get(origin);
    if (entry?.version !== version) {
      entry = { version, files: new Map() };
      this.sitemaps.set(origin, entry);
    }
    const files = entry.files;
    const built = files.get(part);
    if (built) return built;
    // The thread stops 2 s after its last build, and gives its heap back.
    this.pool ??= backgroundPool('seo/sitemap.worker.js', { idleMs: 2_000 });
    const database = workerDatabaseOf(this.config.database, this.dataSource);
    // A failure, or no such file, is not kept (no part number fills the map).
    const fresh = this.pool.run({ database, version, origin, file: part }).then((file) => {
      if (!file && files.get(part) === fresh) files.delete(part);
      // As it crossed from the worker (plain Uint8Arrays), with Buffers.
      return file && { ...file, gzip: bufferOf(file.gzip), brotli: bufferOf(file.brotli) };
    });
    fresh.catch(() => files.get(part) === fresh && files.delete(part));
    files.set(part, fresh);
    return fresh;
  }

  /** How many origins' sitemaps are kept (for the tests: never more than KEPT_SITEMAPS). */
  get keptOrigins(): number {
    return this.sitemaps.size;
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }
}
