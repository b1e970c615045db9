export interface SitemapShop {
  slug: string;
  updatedAt: Date | string;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
export const xml = (text: string): string => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

/** W3C datetime in UTC without milliseconds, as sitemaps expect: 2026-11-23T10:00:00Z. */
const w3cDate = (date: Date | string) => new Date(date).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** One page in both languages (English under /en): two <url> entries, each naming every alternate. */
function pageEntries(origin: string, spanishPath: string, lastmod: string | undefined): string {
  const urls = { es: origin + spanishPath, en: `${origin}/en${spanishPath}` };
  const alternates =
    `<xhtml:link rel="alternate" hreflang="es-MX" href="${xml(urls.es)}"/>` +
    `<xhtml:link rel="alternate" hreflang="en" href="${xml(urls.en)}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${xml(urls.es)}"/>`;
  const modified = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
  return [urls.es, urls.en]
    .map((url) => `<url><loc>${xml(url)}</loc>${modified}${alternates}</url>\n`)
    .join('');
}

/** URLs per sitemap file (sitemaps.org allows 50,000): small, as each is built on request per origin. */
export const SITEMAP_FILE_URLS = 5_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';

/** `/sitemap.xml` and, past SITEMAP_FILE_URLS URLs, its indexed files: every public page, both languages. */
export function buildSitemaps(
  shops: readonly SitemapShop[],
  origin: string,
): { main: string; parts: string[] } {
  let newest: Date | undefined;
  for (const shop of shops) {
    const updated = new Date(shop.updatedAt);
    if (!newest || updated > newest) newest = updated;
  }
  const listingModified = newest && w3cDate(newest);
  const pages = [{ entries: pageEntries(origin, '/', listingModified), lastmod: listingModified }];
  for (const shop of shops) {
    const lastmod = w3cDate(shop.updatedAt);
    pages.push({ entries: pageEntries(origin, `/shops/${shop.slug}`, lastmod), lastmod });
  }
  const pagesPerFile = SITEMAP_FILE_URLS / 2;
  const urlset = (chunk: typeof pages) =>
    XML_HEAD + URLSET_OPEN + chunk.map((page) => page.entries).join('') + '</urlset>\n';
  if (pages.length <= pagesPerFile) return { main: urlset(pages), parts: [] };
  const parts: string[] = [];
  const index: string[] = [];
  for (let start = 0; start < pages.length; start += pagesPerFile) {
    const chunk = pages.slice(start, start + pagesPerFile);
    parts.push(urlset(chunk));
    const lastmod = chunk.reduce<string | undefined>(
      (latest, page) => (page.lastmod && (!latest || page.lastmod > latest) ? page.lastmod : latest),
      undefined,
    );
    index.push(
      `<sitemap><loc>${xml(`${origin}/sitemap-${parts.length}.xml`)}</loc>` +
        `${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>\n`,
    );
  }
  const main =
    XML_HEAD +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    index.join('') +
    '</sitemapindex>\n';
  return { main, parts };
}

/** robots.txt: public pages open, the admin and the API closed, and where the sitemap is. */
export function buildRobots(origin: string): string {
  return `User-agent: *
Allow: /
Disallow: /admin
Disallow: /api/

Sitemap: ${origin}/sitemap.xml
`;
}
