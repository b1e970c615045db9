import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PublicCatalog } from '../src/shops/public-catalog.js';
import { shopBody } from './support/fixtures.js';
import { readCsv, spreadsheetFile } from './support/shops-csv.js';
import { loggedInAdmin, raw, type Raw } from './support/http.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
/** What differs between any two responses: the clock, and each one's own request id. */
const comparable = ({ status, headers, body }: Raw) => {
  const { date: _date, 'x-request-id': requestId, ...rest } = headers;
  const hasRequestId = typeof requestId === 'string' && /^[0-9a-f-]{36}$/.test(requestId);
  return { status, headers: rest, hasRequestId, body: body.toString('base64') };
};

/**
 * The public catalogue routes send pre-encoded documents (ShopsController, PublicCatalog,
 * PublicListing): every spelling of a path (a trailing slash, another query string) and every
 * repeat, found in the caches, must answer exactly as the first did, with helmet's headers.
 */
describe.each(DIALECTS)('public catalogue routes on %s', (dialect) => {
  let server: Started;
  let admin: Awaited<ReturnType<typeof loggedInAdmin>>;

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
    admin = await loggedInAdmin(server.url);
    for (const [name, city] of [
      ['Armería Norte', 'Monterrey'],
      ['Armería Sur', 'Mérida'],
    ]) {
      await admin.post('/api/admin/shops').send(shopBody({ name, city })).expect(201);
    }
  });
  afterAll(() => server.close());

  it.each(['/api/shops', '/api/shops/categories', '/api/shops/cities', '/api/shops/states'])(
    'answers %s the same under every spelling, with helmet headers, in every encoding, 304 and HEAD',
    async (path) => {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const headers = { 'accept-encoding': encoding };
        const withSlash = await raw(`${server.url}${path}/`, 'GET', headers);
        const first = await raw(`${server.url}${path}`, 'GET', headers);
        const again = await raw(`${server.url}${path}?lang=en`, 'GET', headers);
        expect(withSlash.status).toBe(200);
        expect(withSlash.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
        expect(withSlash.headers['x-content-type-options']).toBe('nosniff');
        expect(withSlash.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(comparable(first)).toEqual(comparable(withSlash));
        expect(comparable(again)).toEqual(comparable(withSlash));

        const revalidate = { ...headers, 'if-none-match': withSlash.headers.etag };
        const notModified = await raw(`${server.url}${path}`, 'GET', revalidate);
        expect(notModified.status).toBe(304);
        expect(comparable(notModified)).toEqual(
          comparable(await raw(`${server.url}${path}/`, 'GET', revalidate)),
        );

        const head = await raw(`${server.url}${path}`, 'HEAD', headers);
        expect(head.body.length).toBe(0);
        expect(comparable(head)).toEqual(comparable(await raw(`${server.url}${path}/`, 'HEAD', headers)));
      }
      const list = JSON.parse((await raw(`${server.url}${path}`)).body.toString());
      // Two shops, both in Puebla state, two cities, the two categories of shopBody().
      expect(list).toHaveLength(path.endsWith('states') ? 1 : 2);
    },
  );

  it.each([
    '',
    '?page=1',
    '?q=armeria+norte',
    '?city=monterrey&page=9',
    '?open=now',
    '?state=Puebla&q=sur',
    '?q=%E0%A4%A',
  ])(
    'answers the listing %s the same under every spelling, in every encoding, 304 and HEAD',
    async (query) => {
      // Twice each: the second one finds the answer by its query string.
      for (const encoding of ['br', 'gzip', 'identity', 'br']) {
        const headers = { 'accept-encoding': encoding };
        const withSlash = await raw(`${server.url}/api/shops/listing/${query}`, 'GET', headers);
        expect(withSlash.status).toBe(200);
        expect(withSlash.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(comparable(await raw(`${server.url}/api/shops/listing${query}`, 'GET', headers))).toEqual(
          comparable(withSlash),
        );
        const revalidate = { ...headers, 'if-none-match': withSlash.headers.etag };
        const notModified = await raw(`${server.url}/api/shops/listing${query}`, 'GET', revalidate);
        expect(notModified.status).toBe(304);
        const head = await raw(`${server.url}/api/shops/listing${query}`, 'HEAD', headers);
        expect(comparable(head)).toEqual(
          comparable(await raw(`${server.url}/api/shops/listing/${query}`, 'HEAD', headers)),
        );
      }
    },
  );

  it.each([
    '?page=0',
    '?page=two',
    '?q=a&q=b',
    '?colour=red',
    `?q=${'x'.repeat(201)}`,
    '?open=later',
    '?city[]=x',
  ])('refuses the listing %s the same under every spelling, every time', async (query) => {
    const withSlash = await raw(`${server.url}/api/shops/listing/${query}`);
    expect(withSlash.status).toBe(400);
    for (let i = 0; i < 2; i++) {
      expect(comparable(await raw(`${server.url}/api/shops/listing${query}`))).toEqual(comparable(withSlash));
    }
  });

  it('encodes the catalogue once per data version, and again only after a write', async () => {
    const catalog = server.app.get(PublicCatalog);
    const before = await catalog.now();
    // The whole list is kept compressed only (a 10,000-shop list is 10 MB uncompressed); the
    // identity answers above were inflated from its gzip form.
    expect(before.shops.identity).toBeUndefined();
    expect(before.categories.identity).toBeInstanceOf(Buffer);
    // The same documents for every read of one version (here a new promise only on MariaDB,
    // whose version read is asynchronous).
    expect(await catalog.now()).toBe(before);
    const shop = (
      await admin
        .post('/api/admin/shops')
        .send(shopBody({ name: 'Armería Centro' }))
        .expect(201)
    ).body as { id: string };
    const after = await catalog.now();
    expect(after).not.toBe(before);
    expect(after.shops.etag).not.toBe(before.shops.etag);
    expect(await catalog.now()).toBe(after);
    await admin.delete(`/api/admin/shops/${shop.id}`).expect(204);
  });

  it('answers a request whose version read fails with the error JSON; then recovers', async () => {
    await raw(`${server.url}/api/shops`);
    await server.dataSource.query('ALTER TABLE data_version RENAME TO data_version_away');
    try {
      const failed = await raw(`${server.url}/api/shops`, 'GET', { 'accept-encoding': 'gzip' });
      expect(failed.status).toBe(500);
      expect(failed.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(failed.body.toString()).statusCode).toBe(500);
      expect(failed.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      await server.dataSource.query('ALTER TABLE data_version_away RENAME TO data_version');
    }
    const recovered = await raw(`${server.url}/api/shops`);
    expect(recovered.status).toBe(200);
    expect(JSON.parse(recovered.body.toString())).toHaveLength(2);
  });
  it('lists and exports every shop once, verified first and then by name, past the pages they are read and written in', async () => {
    const [template] = readCsv((await admin.get('/api/admin/shops/export.csv').expect(200)).text);
    // 250 more: the catalogue reads shops a hundred at a time, the event loop turning between.
    const rows = Array.from({ length: 250 }, (_, i) => ({
      ...template,
      id: '',
      slug: '',
      name: `Taller ${String.fromCharCode(97 + (i % 26))} ${(i * 7919) % 1000}`,
      isVerified: i % 3 === 0 ? 'true' : 'false',
    }));
    const imported = await admin
      .post('/api/admin/shops/import')
      .attach('file', spreadsheetFile(rows), 'shops.csv')
      .expect(200);
    expect(imported.body.counts).toMatchObject({ created: 250, refused: 0 });
    const list = JSON.parse((await raw(`${server.url}/api/shops`)).body.toString()) as {
      id: string;
      name: string;
      isVerified: string;
    }[];
    expect(list).toHaveLength(252);
    expect(new Set(list.map((shop) => shop.id)).size).toBe(252);
    const spanish = new Intl.Collator('es', { sensitivity: 'base', numeric: true });
    const expected = [...list].sort((a, b) =>
      a.isVerified === b.isVerified ? spanish.compare(a.name, b.name) : a.isVerified === 'true' ? -1 : 1,
    );
    expect(list.map((shop) => shop.name)).toEqual(expected.map((shop) => shop.name));
    // Both first shops are made alike (shopBody), so both are verified or neither is.
    const verified = 84 + (template.isVerified === 'true' ? 2 : 0);
    expect(list.slice(0, verified).every((shop) => shop.isVerified === 'true')).toBe(true);
    expect(list.slice(verified).every((shop) => shop.isVerified === 'false')).toBe(true);
    // The CSV export, written a few hundred records a turn, has them all in the same order.
    const exported = readCsv((await admin.get('/api/admin/shops/export.csv').expect(200)).text);
    expect(exported.map((row) => row.id)).toEqual(list.map((shop) => shop.id));
  });
});
