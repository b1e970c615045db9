import { afterAll, describe, expect, it } from '@jest/globals';
import { gunzipSync } from 'node:zlib';
import type { ShopsService } from '../shops/shops.service.js';
import { SeoService } from './seo.service.js';
import { SITEMAP_FILE_URLS } from './sitemap.js';

/** A catalogue of `count` shops, as the sitemap reads it. */
const shops = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    slug: `armeria-${i}`,
    updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
  }));

describe('SeoService', () => {
  const count = SITEMAP_FILE_URLS / 2 + 10; // two files
  const catalog = { version: 1, shops: shops(count) };
  const seo = new SeoService({ getCatalog: () => Promise.resolve(catalog) } as unknown as ShopsService);
  afterAll(() => seo.onModuleDestroy());
  const text = async (origin: string, part?: number) => {
    const document = await seo.sitemap(origin, part);
    return document && gunzipSync(document.gzip).toString();
  };

  it('builds each file of the index for the origin asked, and no file past the last', async () => {
    const index = await text('https://a.example');
    expect(index).toContain('<loc>https://a.example/sitemap-2.xml</loc>');
    expect(index).not.toContain('sitemap-3.xml');
    const second = await text('https://b.example', 2);
    expect(second).toContain(`<loc>https://b.example/en/shops/armeria-${count - 1}</loc>`);
    expect(second).not.toContain('a.example');
    expect(await seo.sitemap('https://b.example', 3)).toBeNull();
    const [first, again] = [await seo.sitemap('https://a.example'), await seo.sitemap('https://a.example')];
    expect(again).toBe(first);
    expect((await seo.sitemap('https://b.example'))?.etag).not.toBe(first?.etag);
  });
});
