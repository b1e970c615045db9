import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { shopBody } from './support/fixtures.js';
import { loggedInAdmin, raw } from './support/http.js';
import { ANY_DIALECT, DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
const SITE = 'https://armeros.example.mx';

interface SitemapUrl {
  loc: string;
  lastmod?: string;
  'xhtml:link': { rel: string; hreflang: string; href: string }[];
}

/** The sitemap's entries, after checking it is well-formed XML. */
function parseSitemap(xml: string): SitemapUrl[] {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => name === 'url' || name === 'xhtml:link',
  }).parse(xml);
  expect(parsed.urlset.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  expect(parsed.urlset['xmlns:xhtml']).toBe('http://www.w3.org/1999/xhtml');
  return parsed.urlset.url as SitemapUrl[];
}

describe.each(DIALECTS)('sitemap and robots.txt on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  const sitemap = async (encoding = 'identity', etag?: string) => {
    const response = await raw(`${server.url}/sitemap.xml`, 'GET', {
      'accept-encoding': encoding,
      ...(etag ? { 'if-none-match': etag } : {}),
    });
    expect(response.status).toBe(etag ? 304 : 200);
    return response;
  };

  beforeAll(async () => {
    // The admin here logs in over plain HTTP, where an https PUBLIC_URL's Secure cookie
    // would not be set: this suite is about the sitemap, not the cookie.
    server = await startAppOnFreshDatabase(dialect, { PUBLIC_URL: `${SITE}/`, COOKIE_SECURE: 'false' });
    admin = await loggedInAdmin(server.url);
  });
  afterAll(() => server.close());

  it('lists the listing and every shop page in both languages, with lastmod and hreflang alternates', async () => {
    const shops = [];
    for (const [name, city] of [
      ['Armería del Bajío', 'León'],
      ['Taller Ñandú & Hijos', 'Mérida'],
    ])
      shops.push((await admin.post('/api/admin/shops').send(shopBody({ name, city })).expect(201)).body);

    const response = await sitemap();
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urls = parseSitemap(response.body.toString('utf8'));
    expect(urls.map((url) => url.loc)).toEqual([
      `${SITE}/`,
      `${SITE}/en/`,
      `${SITE}/shops/armeria-del-bajio-leon`,
      `${SITE}/en/shops/armeria-del-bajio-leon`,
      `${SITE}/shops/taller-nandu-y-hijos-merida`,
      `${SITE}/en/shops/taller-nandu-y-hijos-merida`,
    ]);
    for (const [index, shop] of shops.entries()) {
      const spanish = urls[2 + index * 2];
      expect(spanish.lastmod).toBe(new Date(shop.updatedAt).toISOString().replace(/\.\d{3}Z$/, 'Z'));
      for (const url of [spanish, urls[3 + index * 2]])
        expect(url['xhtml:link']).toEqual([
          { rel: 'alternate', hreflang: 'es-MX', href: `${SITE}/shops/${shop.slug}` },
          { rel: 'alternate', hreflang: 'en', href: `${SITE}/en/shops/${shop.slug}` },
          { rel: 'alternate', hreflang: 'x-default', href: `${SITE}/shops/${shop.slug}` },
        ]);
    }
    const newest = shops
      .map((shop) => shop.updatedAt as string)
      .sort()
      .at(-1)!;
    expect(urls[0].lastmod).toBe(new Date(newest).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    expect(urls[1]['xhtml:link'].map((link) => link.href)).toEqual([`${SITE}/`, `${SITE}/en/`, `${SITE}/`]);
  });

  it('is served compressed as accepted, revalidates by ETag, and changes with the next write', async () => {
    const plain = await sitemap();
    const etag = plain.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    const brotli = await sitemap('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    const gzipped = await sitemap('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    await sitemap('br', etag);

    const shops = (await request(server.url).get('/api/shops').expect(200)).body as { id: string }[];
    await admin.put(`/api/admin/shops/${shops[0].id}`).send({ name: 'Armería del Bajío Norte' }).expect(200);
    const after = await request(server.url).get('/sitemap.xml').set('If-None-Match', etag).expect(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.text).toContain(`${SITE}/shops/armeria-del-bajio-norte-leon<`);
    expect(after.text).not.toContain(`${SITE}/shops/armeria-del-bajio-leon<`);
  });

  it('robots.txt opens the public pages, closes the admin and the API, and names the sitemap', async () => {
    const response = await request(server.url).get('/robots.txt').expect(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.text).toBe(
      `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${SITE}/sitemap.xml\n`,
    );
  });
});

describe.each(ANY_DIALECT)('absolute URLs without PUBLIC_URL on %s', (dialect) => {
  let server: Started;

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
  });
  afterAll(() => server.close());

  it("use the request's own origin, and never echo a Host that is not a host name", async () => {
    const robots = await request(server.url).get('/robots.txt').set('Host', 'Armeros.Local:8080').expect(200);
    expect(robots.text).toContain('Sitemap: http://armeros.local:8080/sitemap.xml');
    const odd = await request(server.url).get('/robots.txt').set('Host', 'x"><script>').expect(200);
    expect(odd.text).toContain('Sitemap: http://localhost/sitemap.xml');
    const urls = parseSitemap((await request(server.url).get('/sitemap.xml').expect(200)).text);
    expect(urls.map((url) => url.loc)).toEqual([`${server.url}/`, `${server.url}/en/`]);
    // The listing of an empty directory has no date to give.
    expect(urls[0].lastmod).toBeUndefined();
  });

  it("builds the sitemap for each origin: another Host header gets its own, never another's, and a repeat is not rebuilt", async () => {
    const first = await request(server.url).get('/sitemap.xml').expect(200);
    for (const host of ['elsewhere.example', 'random-1.example:8443', '10.0.0.7']) {
      const other = await request(server.url).get('/sitemap.xml').set('Host', host).expect(200);
      expect(parseSitemap(other.text).map((url) => url.loc)).toEqual([
        `http://${host}/`,
        `http://${host}/en/`,
      ]);
      expect(other.headers.etag).not.toBe(first.headers.etag);
      const again = await request(server.url).get('/sitemap.xml').set('Host', host).expect(200);
      expect(again.headers.etag).toBe(other.headers.etag);
    }
    const own = await request(server.url).get('/sitemap.xml').expect(200);
    expect(own.text).toBe(first.text);
    // One file holds every URL here: there is no index, so no sitemap-<n>.xml.
    await request(server.url).get('/sitemap-1.xml').expect(404);
    await request(server.url).get('/sitemap-0.xml').expect(404);
  });
});
