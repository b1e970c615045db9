import type { ShopCatalog } from '../shops/shops.service.js';

/** The Spanish path of the listing and of each shop page; English twins add the /en prefix. */
export const LISTING_PATH = '/';
export const shopPagePath = (slug: string): string => `/shops/${slug}`;

/** `/` → `/en/`, `/shops/x` → `/en/shops/x`. */
export const englishPath = (spanishPath: string): string =>
  spanishPath === '/' ? '/en/' : `/en${spanishPath}`;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

/** W3C datetime in UTC without milliseconds, as sitemaps expect: 2026-11-23T10:00:00Z. */
const w3cDate = (date: Date | string) => new Date(date).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * One page in both languages: two <url> entries, each naming both (and the Spanish one as
 * x-default), as search engines want every alternate listed on every member of the group.
 */
function pageEntries(origin: string, spanishPath: string, lastmod: string | undefined): string {
  const urls = { es: origin + spanishPath, en: origin + englishPath(spanishPath) };
  const alternates =
    `<xhtml:link rel="alternate" hreflang="es-MX" href="${xml(urls.es)}"/>` +
    `<xhtml:link rel="alternate" hreflang="en" href="${xml(urls.en)}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${xml(urls.es)}"/>`;
  const modified = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
  return [urls.es, urls.en]
    .map((url) => `<url><loc>${xml(url)}</loc>${modified}${alternates}</url>\n`)
    .join('');
}

/**
 * The sitemap of the public site at `origin`: the listing and every shop page, each in Spanish
 * and English with its hreflang alternates, and the time it last changed (the listing: its
 * newest shop's). One file holds 50,000 URLs, so up to 24,999 shops; beyond that it would need a
 * sitemap index.
 */
export function buildSitemap(catalog: ShopCatalog, origin: string): string {
  let newest: Date | undefined;
  for (const shop of catalog.shops) {
    const updated = new Date(shop.updatedAt);
    if (!newest || updated > newest) newest = updated;
  }
  const entries = [pageEntries(origin, LISTING_PATH, newest && w3cDate(newest))];
  for (const shop of catalog.shops)
    entries.push(pageEntries(origin, shopPagePath(shop.slug), w3cDate(shop.updatedAt)));
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    entries.join('') +
    '</urlset>\n'
  );
}

/** robots.txt: public pages open, the admin and the API closed, and where the sitemap is. */
export function buildRobots(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
