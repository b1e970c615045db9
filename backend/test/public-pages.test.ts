import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { LISTING_PAGE_SIZE, openingHoursStructuredData, SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS } from 'contract';
import { AppMetrics } from '../src/observability/metrics.js';
import { ShutdownState } from '../src/observability/shutdown-state.js';
import { shopBody } from './support/fixtures.js';
import { loggedInAdmin, raw } from './support/http.js';
import { ANY_DIALECT, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
interface Shop {
  id: string;
  slug: string;
  name: string;
  description: string;
  address: string;
  city: string;
  state: string;
  phone: string;
  email: string;
  latitude: number | null;
  longitude: number | null;
  mapImageUrl: string;
  openingHours: string | null;
}

const ROOT = join(import.meta.dirname, '..', '..');
const NEEDED = [
  'frontend-shell/dist-ssr/shell.cjs',
  'frontend-directory/dist-ssr/directory.cjs',
  'frontend-shell/dist/index.html',
];

/** Text of the page without tags: what a crawler or link preview reads. */
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** The page's heading holding `name` (it takes focus after a navigation, so it has attributes). */
const heading1 = (name: string) =>
  new RegExp(`<h1[^>]*>${escaped(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`);
const attribute = (html: string, selector: RegExp) => selector.exec(html)?.[1];
const meta = (html: string, key: string) =>
  attribute(html, new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`));
const link = (html: string, rel: string, hreflang?: string) =>
  attribute(
    html,
    new RegExp(`<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="([^"]*)"`),
  );
function jsonLd(html: string): Record<string, unknown> {
  const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!block) throw new Error('no JSON-LD');
  return JSON.parse(block[1]) as Record<string, unknown>;
}

/**
 * The public pages as the server renders them from the built frontends' server
 * bundles: statuses, redirects, head tags, JSON-LD and the content itself, before any JavaScript.
 */
describe.each(ANY_DIALECT)('server-rendered public pages on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  let shops: Shop[];

  beforeAll(async () => {
    const missing = NEEDED.filter((file) => !existsSync(join(ROOT, file)));
    if (missing.length) throw new Error(`not built: ${missing.join(', ')} (run npm run build first)`);
    server = await startAppOnFreshDatabase(dialect, { SEED_DEMO_DATA: 'true' });
    admin = await loggedInAdmin(server.url);
    shops = (await request(server.url).get('/api/shops').expect(200)).body as Shop[];
    expect(shops.length).toBeGreaterThan(LISTING_PAGE_SIZE);
  });
  afterAll(() => server?.close());

  it("renders a shop's page with its details, head tags and LocalBusiness JSON-LD", async () => {
    const shop = shops.find((s) => s.latitude !== null)!;
    const response = await request(server.url).get(`/shops/${shop.slug}`).expect(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.text;
    expect(html).toMatch(/^<!doctype html><html lang="es"/i);
    expect(html).toMatch(heading1(shop.name));
    expect(html).toContain(escaped(shop.address));
    expect(html).toContain(`href="tel:${shop.phone.replace(/[^\d+]/g, '')}"`);
    const title = /<title>([^<]*)<\/title>/.exec(html)![1];
    expect(title).toContain(escaped(shop.name));
    expect(title).toContain(`armero certificado en ${escaped(shop.city)}, ${escaped(shop.state)}`);
    expect(meta(html, 'description')).toContain(escaped(shop.city));

    const url = `${server.url}/shops/${shop.slug}`;
    expect(link(html, 'canonical')).toBe(url);
    expect(link(html, 'alternate', 'es-MX')).toBe(url);
    expect(link(html, 'alternate', 'en')).toBe(`${server.url}/en/shops/${shop.slug}`);
    expect(link(html, 'alternate', 'x-default')).toBe(url);
    expect(meta(html, 'og:url')).toBe(url);
    expect(meta(html, 'og:locale')).toBe('es_MX');
    expect(meta(html, 'og:title')).toBe(title);
    expect(meta(html, 'og:image')).toMatch(new RegExp(`^${server.url}/objects/|^https://`));
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'og:locale:alternate')).toBe('en_US');

    expect(jsonLd(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: shop.name,
      url,
      telephone: shop.phone,
      email: shop.email,
      image: meta(html, 'og:image'),
      address: {
        '@type': 'PostalAddress',
        streetAddress: shop.address,
        addressLocality: shop.city,
        addressRegion: shop.state,
        addressCountry: 'MX',
      },
      geo: { '@type': 'GeoCoordinates', latitude: shop.latitude, longitude: shop.longitude },
    });
    // A field's own structured data: the opening hours as OpeningHoursSpecification.
    const open = shops.find((s) => s.openingHours?.includes(','))!;
    const openPage = (await request(server.url).get(`/shops/${open.slug}`).expect(200)).text;
    const specification = openingHoursStructuredData(open.openingHours).openingHoursSpecification;
    expect(specification).toContainEqual(expect.objectContaining({ '@type': 'OpeningHoursSpecification' }));
    expect(jsonLd(openPage)).toMatchObject({
      '@type': 'LocalBusiness',
      openingHoursSpecification: specification,
    });
    // The data the browser hydrates from is in the page, and so is the directory's stylesheet.
    expect(html).toContain('<script id="atm-server-data" type="application/json">');
    expect(html).toMatch(/<link rel="stylesheet" href="\/remotes\/directory\/css\/[^"]+\.css">/);
    // Its scripts wait for the visitor (the shell's preamble starts them on intent): not run at load.
    expect(html).toMatch(/<html lang="es" data-atm-hydrate="on-intent">/);
    expect(html).not.toMatch(/<script (defer )?src=/);
    expect(html).toMatch(/<script type="atm\/on-intent" data-src="\/js\/main\.[0-9a-f]+\.js"><\/script>/);
    // The distance order and the map are the browser's to draw: those URLs run their scripts at load.
    for (const query of ['?sort=distance&radius=25', '?view=map']) {
      const drawn = (await request(server.url).get(`/${query}`).expect(200)).text;
      expect(drawn).not.toMatch(/<html[^>]*data-atm-hydrate/);
      expect(drawn).toMatch(/<script defer src="?\/js\/main\.[0-9a-f]+\.js"?>/);
      expect(drawn).toContain('<script id="atm-server-data" type="application/json">');
    }
  });

  it('completes link previews on every shop page and the home pages: image alt naming the shop, its size, locales', async () => {
    const pages = [
      ...shops.flatMap((shop) => [
        { path: `/shops/${shop.slug}`, shop, locale: 'es_MX', alternate: 'en_US' },
        { path: `/en/shops/${shop.slug}`, shop, locale: 'en_US', alternate: 'es_MX' },
      ]),
      { path: '/', shop: shops[0], locale: 'es_MX', alternate: 'en_US' },
      { path: '/en/', shop: shops[0], locale: 'en_US', alternate: 'es_MX' },
    ];
    for (const { path, shop, locale, alternate } of pages) {
      const html = (await request(server.url).get(path).expect(200)).text;
      const where = `${path}: `;
      expect(where + meta(html, 'og:image')).toMatch(
        new RegExp(`^${where}(${server.url}/objects/|https://)`),
      );
      // The demo's images are uploaded ones: the server knows their size (the demo map is 640×360).
      expect(where + meta(html, 'og:image:width')).toBe(`${where}640`);
      expect(where + meta(html, 'og:image:height')).toBe(`${where}360`);
      const alt = meta(html, 'og:image:alt') ?? '';
      expect(where + alt).toContain(escaped(shop.name));
      expect(meta(html, 'twitter:image:alt')).toBe(alt);
      expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
      expect(where + meta(html, 'og:locale')).toBe(where + locale);
      expect(where + meta(html, 'og:locale:alternate')).toBe(where + alternate);
    }
  });

  it('renders the English listing: the first page of cards, pagination links, English head tags', async () => {
    const html = (await request(server.url).get('/en/').expect(200)).text;
    expect(html).toMatch(/<html lang="en"/);
    const names = [...html.matchAll(/<a class="atm-dir-card__link"[^>]*? href="([^"]+)"[^>]*>([^<]+)<\/a>/g)];
    expect(names.map(([, , name]) => name)).toEqual(
      shops.slice(0, LISTING_PAGE_SIZE).map((s) => escaped(s.name)),
    );
    expect(names[0][1]).toBe(`/en/shops/${shops[0].slug}`);
    expect(html).toContain(`${shops.length} results found`);
    expect(html).toContain('aria-label="Next page" rel="next" href="/en/?page=2"');
    expect(/<title>([^<]*)<\/title>/.exec(html)![1]).toBe('Certified gunsmiths in Mexico | ATM Gunsmiths');
    expect(meta(html, 'og:locale')).toBe('en_US');
    expect(link(html, 'canonical')).toBe(`${server.url}/en/`);
    expect(link(html, 'alternate', 'es-MX')).toBe(`${server.url}/`);
    // Only the first page's shops are embedded, never the whole list.
    expect(html).not.toContain(escaped(shops[LISTING_PAGE_SIZE].name));
  });

  it('honours the filters and the page in the listing, its links and its canonical URL', async () => {
    const state = 'Jalisco';
    const html = (
      await request(server.url)
        .get(`/shops?state=${encodeURIComponent(state)}&page=1`)
        .expect(200)
    ).text;
    const inState = shops.filter((shop) => shop.state === state);
    const cards = [...html.matchAll(/<a class="atm-dir-card__link"[^>]*>([^<]+)<\/a>/g)].map(
      ([, name]) => name,
    );
    expect(cards).toEqual(inState.slice(0, LISTING_PAGE_SIZE).map((s) => escaped(s.name)));
    expect(link(html, 'canonical')).toBe(`${server.url}/?state=${state}`);
    const second = (await request(server.url).get('/?page=2').expect(200)).text;
    expect(second).toContain('aria-label="Página anterior" rel="prev" href="/"');
    expect(link(second, 'canonical')).toBe(`${server.url}/?page=2`);
  });

  it('refuses a search over the limits on every listing page exactly as the API does', async () => {
    const words = (count: number) => Array.from({ length: count }, (_, i) => `palabra${i}`).join(' ');
    for (const q of ['a'.repeat(SEARCH_MAX_LENGTH + 1), words(SEARCH_MAX_WORDS + 1)]) {
      const query = `?q=${encodeURIComponent(q)}`;
      const api = await request(server.url).get(`/api/shops/listing${query}`).expect(400);
      for (const path of ['/', '/en/', '/shops', '/en/shops']) {
        const page = await request(server.url).get(`${path}${query}`).expect(400);
        expect(page.headers['content-type']).toMatch(/^application\/json/);
        expect(page.body).toEqual(api.body);
      }
    }
    await request(server.url)
      .get(`/en/?q=${encodeURIComponent(words(SEARCH_MAX_WORDS))}`)
      .expect(200);
  });

  it('renders a page past the last as the last, from one cache entry', async () => {
    const last = Math.ceil(shops.length / LISTING_PAGE_SIZE);
    const past = () => request(server.url).get('/?page=999999').expect(200);
    const before = await past();
    const atLast = await request(server.url).get(`/?page=${last}`).expect(200);
    const after = await past();
    // One of the two asks falls in the same minute as the last page's (pages are kept per minute).
    expect([before.headers.etag, after.headers.etag]).toContain(atLast.headers.etag);
    expect(atLast.text).toContain('aria-current="page"');
  });

  it('answers 404 with the 404 page for an unknown shop or path, noindex, in the URL language', async () => {
    const unknownShop = await request(server.url).get('/shops/nope').expect(404);
    expect(unknownShop.text).toContain('404 Página no encontrada');
    expect(meta(unknownShop.text, 'robots')).toBe('noindex');
    expect(unknownShop.text).toContain('<title>Página no encontrada | ATM Armeros</title>');
    const english = await request(server.url).get('/en/no/such/page').expect(404);
    expect(english.text).toMatch(/<html lang="en"/);
    expect(english.text).toContain('404 Page Not Found');
  });

  it('answers a path starting // with the 404 page and its own head: never the listing (no soft 404)', async () => {
    // node:http, not supertest: the path must reach the server exactly as written.
    const raw = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        get(`${server.url}/`, { path }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, body }));
        }).on('error', reject);
      });
    for (const path of ['//evil.com/?page=2', '//evil.com/', '//', '/no/such/page', '//en/shops/x']) {
      const { status, body } = await raw(path);
      expect(`${path} ${status}`).toBe(`${path} 404`);
      expect(body).toContain('404 Página no encontrada');
      expect(body).not.toContain('rel="canonical"');
      expect(body).not.toContain('og:url');
      expect(meta(body, 'robots')).toBe('noindex');
    }
  });

  it('counts each page under its route template, never its path or "unmatched"', async () => {
    const slug = shops[0].slug;
    const count = async (route: string) => {
      // A request is counted when its response closes, which can come after the client has read it.
      const inFlight = server.app.get(ShutdownState);
      while (inFlight.inFlightCount > 0) await new Promise((resolve) => setImmediate(resolve));
      const text = await server.app.get(AppMetrics).registry.getSingleMetricAsString('http_requests_total');
      const label = `route="${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`;
      return [...text.matchAll(new RegExp(`\\{method="GET",${label},status="\\d+"\\} (\\d+)`, 'g'))].reduce(
        (sum, match) => sum + Number(match[1]),
        0,
      );
    };
    const visits: [string, string][] = [
      ['/', '/'],
      ['/en/?page=2', '/en/'],
      ['/shops?q=caza', '/shops'],
      [`/shops/${slug}`, '/shops/:slug'],
      [`/en/shops/${slug}`, '/en/shops/:slug'],
      ['/en/list-my-shop', '/en/list-my-shop'],
      ['/admin/login', '/admin/*'],
      ['/runtime-config.js', '/runtime-config.js'],
      ['/mf-manifest.json', '(static file)'],
    ];
    const unmatched = await count('unmatched');
    for (const [path, route] of visits) {
      const before = await count(route);
      const { status } = await request(server.url).get(path);
      expect([path, status, (await count(route)) - before]).toEqual([path, 200, 1]);
    }
    expect(await count('unmatched')).toBe(unmatched);
  });

  it('gives the admin its own title and noindex', async () => {
    const html = (await request(server.url).get('/admin/login').expect(200)).text;
    // The admin is no server render: its scripts run at load.
    expect(html).toMatch(/<script defer src="?\/js\/main\.[0-9a-f]+\.js"?>/);
    expect(html).not.toMatch(/<html[^>]*data-atm-hydrate/);
    expect(html).toContain('<title>Administración | ATM Armeros</title>');
    expect(meta(html, 'robots')).toBe('noindex');
  });

  it('redirects a shared ?shop=<id> link and a renamed shop’s old slug, and shows the change at once', async () => {
    const shop = shops[shops.length - 1];
    const shared = await request(server.url).get(`/en/?shop=${shop.id}`).redirects(0).expect(301);
    expect(shared.headers.location).toBe(`/en/shops/${shop.slug}`);

    const before = await request(server.url).get(`/shops/${shop.slug}`).expect(200);
    const renamed = (
      await admin
        .put(`/api/admin/shops/${shop.id}`)
        .send({ name: `${shop.name} Dos` })
        .expect(200)
    ).body as Shop;
    expect(renamed.slug).not.toBe(shop.slug);
    const moved = await request(server.url).get(`/en/shops/${shop.slug}?utm=x`).redirects(0).expect(301);
    expect(moved.headers.location).toBe(`/en/shops/${renamed.slug}?utm=x`);
    const after = await request(server.url).get(`/shops/${renamed.slug}`).expect(200);
    expect(after.text).toMatch(heading1(renamed.name));
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('serves a rendered page compressed and revalidates it by ETag', async () => {
    const first = await request(server.url).get('/').set('Accept-Encoding', 'br').expect(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('no-cache');
    await request(server.url).get('/').set('If-None-Match', first.headers.etag).expect(304);
    // Kept compressed only: a client that takes neither br nor gzip gets the same page inflated.
    const html = brotliDecompressSync((await raw(`${server.url}/`, 'GET', { 'accept-encoding': 'br' })).body);
    const plain = await raw(`${server.url}/`, 'GET', { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).toBe(first.headers.etag);
    expect(plain.body.equals(html)).toBe(true);
    expect(plain.headers['content-length']).toBe(String(html.length));
    const head = await raw(`${server.url}/`, 'HEAD', { 'accept-encoding': 'identity' });
    expect([head.body.length, head.headers['content-length']]).toEqual([0, String(html.length)]);
  });

  it('escapes shop text everywhere: markup, attributes, JSON-LD and the embedded data', async () => {
    const hostile = '</script><script>alert(1)</script> "quoted" & <b> $& $\' $`';
    const created = (
      await admin
        .post('/api/admin/shops')
        .send(shopBody({ name: 'Armería $& Segura', description: hostile }))
        .expect(201)
    ).body as Shop;
    const html = (await request(server.url).get(`/shops/${created.slug}`).expect(200)).text;
    expect(html).toContain('<title>Armería $&amp; Segura, armero certificado');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<b>');
    expect(jsonLd(html).description).toContain(hostile.replace(/\s+/g, ' ').trim().slice(0, 20));
    const data = /<script id="atm-server-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1];
    expect((JSON.parse(data) as { snapshot: { shop: Shop } }).snapshot.shop.description).toBe(hostile);
  });
});
