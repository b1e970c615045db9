import { buildSitemaps, type SitemapShop, type Sitemaps } from './sitemap.js';

/** Runs in a worker of SeoService's pool: the sitemap's XML, off the web server's event loop. */
export default function buildInWorker({ shops, origin }: { shops: SitemapShop[]; origin: string }): Sitemaps {
  return buildSitemaps(shops, origin);
}
