import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app.config.js';
import type { DatabaseConfig } from '../config/database.config.js';
import { dataSourceOptions } from '../database/data-source.js';
import { Shop } from '../shops/shop.entity.js';
import type { ShopsService } from '../shops/shops.service.js';
import { SeoService } from './seo.service.js';
import { SITEMAP_FILE_URLS } from './sitemap.js';

describe('SeoService on SQLite', () => {
  const count = SITEMAP_FILE_URLS / 2 + 10; // two files
  const folder = mkdtempSync(join(tmpdir(), 'seo-'));
  const database: DatabaseConfig = { type: 'sqlite', path: join(folder, 'directory.sqlite') };
  let dataSource: DataSource;
  let seo: SeoService;

  beforeAll(async () => {
    const options = dataSourceOptions(database);
    dataSource = await new DataSource({
      ...options,
      entities: [...(options.entities as []), Shop],
    }).initialize();
    await dataSource.runMigrations();
    const field = { description: 'd', address: 'a', city: 'c', state: 's', phone: '1', email: 'e@x.mx' };
    const images = { logo: 'l', mapImageUrl: 'm', googleMapsUrl: 'g' };
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `Armería ${i}`,
      slug: `armeria-${String(i).padStart(5, '0')}`,
      ...field,
      ...images,
    }));
    for (let start = 0; start < count; start += 100)
      await dataSource.getRepository(Shop).insert(rows.slice(start, start + 100));
    const shops = { currentVersion: () => Promise.resolve(1) } as unknown as ShopsService;
    seo = new SeoService({ database } as AppConfig, dataSource, shops);
  });
  afterAll(async () => {
    await seo?.onModuleDestroy();
    await dataSource.destroy();
    rmSync(folder, { recursive: true, force: true });
  });
  const text = async (origin: string, part?: number) => {
    const document = await seo.sitemap(origin, part);
    return document && gunzipSync(document.gzip).toString();
  };

  it('builds each file of the index for the origin asked, and no file past the last', async () => {
    const index = await text('https://a.example');
    expect(index).toContain('<loc>https://a.example/sitemap-2.xml</loc>');
    expect(index).not.toContain('sitemap-3.xml');
    const second = await text('https://b.example', 2);
    expect(second).toContain(
      `<loc>https://b.example/en/shops/armeria-${String(count - 1).padStart(5, '0')}</loc>`,
    );
    expect(second).not.toContain('a.example');
    expect(await seo.sitemap('https://b.example', 3)).toBeNull();
    const [first, again] = [await seo.sitemap('https://a.example'), await seo.sitemap('https://a.example')];
    expect(again).toBe(first);
    expect((await seo.sitemap('https://b.example'))?.etag).not.toBe(first?.etag);
  });
});
