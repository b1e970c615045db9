import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ENGLISH_PREFIX, PUBLIC_PAGES } from 'contract';
import { LRUCache } from 'lru-cache';
import type { Piscina } from 'piscina';
import { backgroundPool } from '../common/background-pool.js';
import { byOrigin, publicOrigin } from '../common/public-url.js';
import type { AppConfig } from '../config/app.config.js';
import { APP_CONFIG } from '../config/config.token.js';
import { markRoute } from '../observability/request-logging.js';
import { ListingResultsCache } from '../shops/listing-results.js';
import { encodeBytes, sendDocument, type EncodedDocument } from '../common/encoded-document.js';
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
 * The public pages rendered on the server: the listing and each shop's page, in
 * Spanish and English, and the 404 page, from the shell's and the directory's own components
 * (their Node builds, server-bundles.ts). Each page is rendered once per catalogue version and
 * URL and minute (a page shows whether each shop is open at that minute), then served from
 * memory until the next write anywhere changes the version, or the minute passes. The web server
 * finds what a page shows; a worker thread draws it (page-render.worker.ts).
 *
 * A page names its origin (canonical link, link previews): PUBLIC_URL, or without it the
 * request's own, so the pages are kept per origin too, for the KEPT_ORIGINS most recently asked
 * (byOrigin): a forged Host header is drawn a page of its own, never given to anyone else, and
 * any number of them keeps no more than that many origins' pages, and CACHED_PAGES in all.
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
  /**
   * One thread draws the pages, one after another (the machine's other core serves requests),
   * kept once started: a new thread loads React and both server builds again (about 300 ms).
   */
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

  /**
   * The answer to a GET of `url` (path and query) that is no API, object or file: a public page,
   * a redirect (an old slug, a `?shop=<id>` link), or the 404 page. Null when pages are not
   * rendered here.
   */
  async answer(url: string, request: Request): Promise<PageAnswer | null> {
    const bundles = this.serverBundles();
    if (!bundles) return null;
    const catalog = await this.shops.catalogNow();
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
    // A listing's filters are checked (as the API checks them: over a limit throws its 400) and
    // its page clamped before the URL becomes a cache key.
    const listing =
      page?.kind === 'listing' ? await checkListing(searchParams, catalog, this.listingResults) : null;
    const renderUrl = listing?.pageMoved ? `${pathname}?${listing.params}` : url;
    const publicUrl = publicOrigin(request);
    // Asked again, the origin is the most recent; a new one may push the least recent out.
    if (!this.origins.get(publicUrl)) this.origins.set(publicUrl, true);
    const key = `${publicUrl}${renderUrl}`;
    let answer = this.cache.get(key);
    if (!answer) {
      const rendered = this.render(
        bundles,
        catalog,
        { url: renderUrl, page, listing },
        publicUrl,
        minute * 60_000,
      );
      this.cache.set(key, rendered);
      rendered.catch(() => {
        if (this.cache.peek(key) === rendered) this.cache.delete(key);
      });
      answer = rendered;
    }
    return answer;
  }

  private async render(
    bundles: ServerBundles,
    catalog: ShopCatalog,
    target: { url: string; page: PublicPage | null; listing: CheckedListing | null },
    publicUrl: string,
    renderedAt: number,
  ): Promise<PageAnswer> {
    const { shell, directory } = bundles;
    const { url, listing } = target;
    let page = target.page;
    const { searchParams, search } = new URL(`http://server.invalid${url}`);
    let snapshot: unknown = null;
    if (page?.kind === 'listing' && listing) {
      // A link shared before shops had pages (`/?shop=<id>`) opens that shop's page.
      const shared = searchParams.get('shop');
      const shop = shared ? catalog.byId.get(shared) : undefined;
      if (shop) return { status: 301, location: shell.shopPath(page.language, shop.slug) };
      // The directory filters what it is given with the same filters: handed the results already
      // found (and cached), it only looks at the matches, not at every shop again.
      const matches = { ...catalog, shops: listing.shops };
      snapshot = { ...directory.listingSnapshot(matches, searchParams), renderedAt };
    } else if (page?.kind === 'shop') {
      const found = resolveSlugIn(catalog, page.slug);
      if (found && 'redirectTo' in found) {
        return { status: 301, location: `${shell.shopPath(page.language, found.redirectTo)}${search}` };
      }
      if (found) {
        const path = shell.shopPath(page.language, found.shop.slug);
        snapshot = { kind: 'shop', shop: found.shop, url: `${publicUrl}${path}`, renderedAt };
      } else {
        page = null; // an unknown shop: the 404 page
      }
    }
    // Link previews declare their picture's size: the shop's uploaded images (or, on a listing,
    // its cards' images), read once each.
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
      // The page works as HTML until the visitor touches it, unless its URL asks for the
      // distance order or the map, which only the browser can draw.
      scriptsOnIntent: !(page?.kind === 'listing' && directory.drawnInBrowser(searchParams)),
    });
    // Kept compressed only: a full cache of listing pages (47 KB of HTML, 8-9 KB in each
    // compressed form) so holds a quarter of the bytes.
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

/** Sends a rendered page (a 404 page with its status). */
export function sendPage(request: Request, response: Response, status: number, page: EncodedDocument): void {
  sendDocument(request, response, page, status);
}
