import { describe, expect, it } from '@jest/globals';
import { buildSitemaps, SITEMAP_FILE_URLS, type SitemapShop } from './sitemap.js';

const ORIGIN = 'https://armeros.example.mx';

/** `count` shops, as the sitemap reads them (slug and updatedAt). */
function catalogOf(count: number): SitemapShop[] {
  return Array.from({ length: count }, (_, i) => ({
    slug: `armeria-${i}`,
    updatedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
  }));
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

describe('buildSitemaps', () => {
  it('writes one file while every URL fits in it (the listing and each shop, in two languages)', () => {
    const shops = SITEMAP_FILE_URLS / 2 - 1;
    const { main, parts } = buildSitemaps(catalogOf(shops), ORIGIN);
    expect(parts).toEqual([]);
    expect(main).toContain('<urlset');
    expect(count(main, /<url>/g)).toBe(SITEMAP_FILE_URLS);
  });

  it(`past ${SITEMAP_FILE_URLS} URLs, writes an index of files of at most that many, each page's languages together`, () => {
    const shops = SITEMAP_FILE_URLS / 2 + 10;
    const { main, parts } = buildSitemaps(catalogOf(shops), ORIGIN);
    expect(main).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(main).not.toContain('<url>');
    expect(parts).toHaveLength(2);
    expect([...main.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc)).toEqual([
      `${ORIGIN}/sitemap-1.xml`,
      `${ORIGIN}/sitemap-2.xml`,
    ]);
    expect(parts.map((part) => count(part, /<url>/g))).toEqual([
      SITEMAP_FILE_URLS,
      2 * (shops + 1) - SITEMAP_FILE_URLS,
    ]);
    // The last shop's page is in the second file, in both languages, and its date is that file's.
    const last = `armeria-${shops - 1}`;
    expect(parts[1]).toContain(`<loc>${ORIGIN}/shops/${last}</loc>`);
    expect(parts[1]).toContain(`<loc>${ORIGIN}/en/shops/${last}</loc>`);
    const lastmods = [...main.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map(([, date]) => date);
    expect(lastmods[1]).toBe(
      new Date(Date.UTC(2026, 0, 1) + (shops - 1) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    );
  });
});
