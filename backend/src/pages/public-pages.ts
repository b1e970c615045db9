import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Request } from 'express';
import { ENGLISH_PREFIX, localTimesOf, PUBLIC_PAGES } from 'contract';
import { LRUCache } from 'lru-cache';
import type { Piscina } from 'piscina';
import { backgroundPool } from '../common/background-pool.js';
import { byOrigin, publicOrigin } from '../common/public-url.js';
import { APP_CONFIG, type AppConfig } from '../config/app.config.js';
import { markRoute } from '../observability/request-logging.js';
import { ListingResultsCache } from '../shops/listing-results.js';
import { encodeBytes, type EncodedDocument } from '../common/encoded-document.js';
import { resolveSlugIn, ShopsService, type ShopCatalog } from '../shops/shops.service.js';
import { ImageSizes, type ImageSize } from './image-sizes.js';
import { checkListing, type CheckedListing } from './listing-request.js';
import { fillTemplate } from './page-template.js';
import type { PageRenderTask } from './page-render.worker.js';
import { loadServerBundles, type PublicPage, type ServerBundles } from './server-bundles.js';

/** Rendered pages kept per catalogue version, all origins together; the least recently asked go first beyond this many. */
export const CACHED_PAGES = 500;

/** What a public URL answers: a redirect, or a rendered page (compressed once, see encodeBytes). */
export type PageAnswer = { status: 301; location: string } | { status: 200 | 404; page: EncodedDocument };

/** A page's route template, as metrics and request lines name it (`/en/shops/:slug`). */
function routeOf(page: PublicPage): string {
  const [first, shops] = PUBLIC_PAGES.find(({ kind }) => kind === page.kind)!.paths;
  const template = page.kind === 'listing' && page.shopsPath ? shops : first;
  return `${page.language === 'en' ? ENGLISH_PREFIX : ''}${template}`;
}

/**
 * Public pages drawn by a worker once per catalogue version, URL and minute (open marks), kept per origin
 * (a page names it): a forged Host header gets a page of its own, given to no one else.
 */
@Injectable()
export class PublicPages implements OnModuleDestroy {
  private readonly logger = new Logger(PublicPages.name);
  private bundles?: ServerBundles | null;
  private cacheVersion = -1;
  /** The minute the cached pages were rendered in: their open/closed marks hold for it. */
  private cacheMinute = -1;
  /** Rendered pages, by origin and URL (`http://host:port/en/shops/x`). */
  private readonly cache = new LRUCache<string, Promise<PageAnswer>>({ max: CACHED_PAGES });
  /** The origins `cache` holds pages of; the one pushed out takes its pages with it. */
  private readonly origins = byOrigin<true>(undefined, (_kept, origin) => this.forgetOrigin(origin));
  /** One thread draws the pages, kept once started: a new one would load React and the builds again. */
  private renderer?: Piscina<PageRenderTask, string>;

  constructor(
    private readonly shops: ShopsService,
    private readonly imageSizes: ImageSizes,
    private readonly listingResults: ListingResultsCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The server builds, loaded on first use; null when the frontends are not built. */
  private serverBundles(): ServerBundles | null {
    if (this.bundles === undefined) {
      this.bundles = loadServerBundles(this.config.frontends.root);
      if (!this.bundles)
        this.logger.warn('Frontends not built with their server bundles: pages render in the browser only');
    }
    return this.bundles;
  }

  async onModuleDestroy(): Promise<void> {
    await this.renderer?.destroy();
  }

  /** How many origins and pages the cache holds (for the tests: at most KEPT_ORIGINS and CACHED_PAGES). */
  get cached(): { origins: number; pages: number } {
    return { origins: this.origins.size, pages: this.cache.size };
  }

  /** Drops the pages drawn for `origin` (pushed out of `origins`). */
  private forgetOrigin(origin: string): void {
    const prefix = `${origin}/`;
    for (const key of [...this.cache.keys()]) if (key.startsWith(prefix)) this.cache.delete(key);
  }

  /** Whether pages are rendered here (the server builds exist). */
  get enabled(): boolean {
    return this.serverBundles() !== null;
  }

  /** The admin's page: the shell's static page with its title and noindex. */
  adminPage(): string | null {
    const bundles = this.serverBundles();
    if (!bundles) return null;
    return fillTemplate(bundles.template, { language: 'es', ...bundles.shell.adminHead() });
  }

  /** A GET of `url` that is no API, object or file: a page, a redirect or the 404 page; null: not rendered here. */
  async answer(url: string, request: Request): Promise<PageAnswer | null> {
    const bundles = this.serverBundles();
    if (!bundles) return null;
    const catalog = await this.shops.getCatalog();
    const minute = Math.floor(Date.now() / 60_000);
    if (catalog.version !== this.cacheVersion || minute !== this.cacheMinute) {
      this.cache.clear();
      this.cacheVersion = catalog.version;
      this.cacheMinute = minute;
    }
    // Appended, not resolved against a base: `//evil.com/?page=2` is the path `//evil.com/` (no
    // page: 404), not the host evil.com with the path `/` (the listing, a soft 404).
    const { pathname, searchParams } = new URL(`http://server.invalid${url}`);
    const page: PublicPage | null = bundles.shell.parsePublicPath(pathname);
    if (page) markRoute(request, routeOf(page));
    // A listing's filters are checked (as the API's: its 400) and its page clamped before the URL is a key.
    const listing =
      page?.kind === 'listing' ? await checkListing(searchParams, catalog, this.listingResults) : null;
    const renderUrl = listing?.pageMoved ? `${pathname}?${listing.params}` : url;
    const publicUrl = publicOrigin(request);
    // Asked again, the origin is the most recent; a new one may push the least recent out.
    if (!this.origins.get(publicUrl)) this.origins.set(publicUrl, true);
    const key = `${publicUrl}${renderUrl}`;
    const known = this.cache.get(key);
    if (known) return known;
    const rendered = this.render(bundles, catalog, { url: renderUrl, page, listing }, publicUrl, minute);
    this.cache.set(key, rendered);
    rendered.catch(() => this.cache.peek(key) === rendered && this.cache.delete(key));
    return rendered;
  }

  private async render(
    bundles: ServerBundles,
    catalog: ShopCatalog,
    target: { url: string; page: PublicPage | null; listing: CheckedListing | null },
    publicUrl: string,
    minute: number,
  ): Promise<PageAnswer> {
    const renderedAt = minute * 60_000;
    const { shell, directory } = bundles;
    const { url, listing } = target;
    let page = target.page;
    const { searchParams, search } = new URL(`http://server.invalid${url}`);
    let snapshot: unknown = null;
    if (page?.kind === 'listing' && listing) {
      // A shared link `/?shop=<id>` opens that shop's page.
      const shared = searchParams.get('shop');
      const shop = shared ? catalog.byId.get(shared) : undefined;
      if (shop) return { status: 301, location: shell.shopPath(page.language, shop.slug) };
      // The snapshot of the shown page's shops only (with all results' counts): filtering every match
      // again would hold the event loop for each page.
      const ownPage = directory.listingSnapshot({ ...catalog, shops: listing.shown.items }, searchParams);
      const localTimes = localTimesOf(listing.shown.items, renderedAt);
      snapshot = { ...ownPage, ...listing.shown, total: listing.shops.length, renderedAt, localTimes };
    } else if (page?.kind === 'shop') {
      const found = resolveSlugIn(catalog, page.slug);
      if (found && 'redirectTo' in found) {
        return { status: 301, location: `${shell.shopPath(page.language, found.redirectTo)}${search}` };
      }
      if (found) {
        const path = shell.shopPath(page.language, found.shop.slug);
        const localTimes = localTimesOf([found.shop], renderedAt);
        snapshot = { kind: 'shop', shop: found.shop, url: `${publicUrl}${path}`, renderedAt, localTimes };
      } else {
        page = null; // an unknown shop: the 404 page
      }
    }
    // Link previews declare their picture's size, read once per image.
    await this.imageSizes.load(imagesOf(snapshot));
    this.renderer ??= backgroundPool<PageRenderTask, string>('pages/page-render.worker.js', { kept: true });
    const html = await this.renderer.run({
      root: this.config.frontends.root,
      url,
      snapshot,
      publicUrl,
      notFound: page === null,
      imageSizes: imagesOf(snapshot).flatMap((src): [string, ImageSize][] => {
        const size = this.imageSizes.sizeOf(src);
        return size ? [[src, size]] : [];
      }),
      // HTML until the visitor's first touch, unless the URL asks for what only a browser draws (distance, map).
      scriptsOnIntent: !(page?.kind === 'listing' && directory.drawnInBrowser(searchParams)),
    });
    // Kept compressed only: a listing page's HTML compresses to a fraction of its size.
    return {
      status: page ? 200 : 404,
      page: await encodeBytes(Buffer.from(html), 'text/html; charset=utf-8', { compressedOnly: true }),
    };
  }
}

type ShopImages = { logo: string; mapImageUrl: string };

/** The image paths of a page's shop, or of a listing page's shops. */
function imagesOf(snapshot: unknown): string[] {
  const data = snapshot as { shop?: ShopImages; items?: ShopImages[] } | null;
  const shops = data?.shop ? [data.shop] : (data?.items ?? []);
  return shops.flatMap((shop) => [shop.logo, shop.mapImageUrl]);
}
