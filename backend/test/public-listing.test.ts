import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { LISTING_PAGE_SIZE, SEARCH_MAX_WORDS } from 'contract';
import { shopBody } from './support/fixtures.js';
import { loggedInAdmin } from './support/http.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
type Listing = { items: { name: string; city: string }[]; page: number; pageCount: number; total: number };

/**
 * `GET /api/shops/listing`: one page of the public listing, filtered on the server with the
 * same filters as the pages (contract/src/listing.js), so a phone never needs every shop.
 */
describe.each(DIALECTS)('public listing one page at a time on %s', (dialect) => {
  let server: Started;
  let admin: Awaited<ReturnType<typeof loggedInAdmin>>;
  const listing = async (query: string): Promise<Listing> =>
    (await request(server.url).get(`/api/shops/listing${query}`).expect(200)).body as Listing;

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
    admin = await loggedInAdmin(server.url);
    // 26 shops: 20 in León (Guanajuato, two verified), 6 in Mérida (Yucatán), one of those
    // with an accented, decomposed name and the category "Caza".
    for (let i = 1; i <= 20; i++) {
      const name = `Armería León ${String(i).padStart(2, '0')}`;
      await admin
        .post('/api/admin/shops')
        .send(shopBody({ name, city: 'León', state: 'Guanajuato', isVerified: i > 18 ? 'true' : 'false' }))
        .expect(201);
    }
    for (let i = 1; i <= 6; i++) {
      const name = i === 6 ? 'Cacería del Sureste'.normalize('NFD') : `Taller Mérida ${i}`;
      const categories = i === 6 ? ['Caza'] : ['Armería'];
      await admin
        .post('/api/admin/shops')
        .send(shopBody({ name, city: 'Mérida', state: 'Yucatán', categories }))
        .expect(201);
    }
  });
  afterAll(() => server.close());

  it('answers the first page of every shop, verified first, with the totals', async () => {
    const all = (await request(server.url).get('/api/shops').expect(200)).body as { name: string }[];
    const first = await listing('');
    expect(first).toEqual({
      items: expect.any(Array),
      page: 1,
      pageCount: Math.ceil(26 / LISTING_PAGE_SIZE),
      total: 26,
    });
    expect(first.items.map((s) => s.name)).toEqual(all.slice(0, LISTING_PAGE_SIZE).map((s) => s.name));
    expect(first.items.slice(0, 2).map((s) => s.name)).toEqual(['Armería León 19', 'Armería León 20']);
    // The last page holds the rest; a page past the last answers the last, as the pages do.
    const last = await listing('?page=3');
    expect(last.items.map((s) => s.name)).toEqual(all.slice(2 * LISTING_PAGE_SIZE).map((s) => s.name));
    expect(await listing('?page=99')).toEqual(last);
  });

  it('filters by words (accents and case ignored), category, city and state, as the pages do', async () => {
    const names = async (query: string) => (await listing(query)).items.map((s) => s.name);
    expect((await listing('?q=MERIDA')).total).toBe(6);
    expect(await names('?q=caceria%20sureste')).toEqual(['Cacería del Sureste'.normalize('NFD')]);
    expect(await names('?category=caza')).toEqual(['Cacería del Sureste'.normalize('NFD')]);
    expect((await listing('?state=Yucat%C3%A1n&category=Armer%C3%ADa')).total).toBe(5);
    expect((await listing('?city=Le%C3%B3n&page=2')).items).toHaveLength(20 - LISTING_PAGE_SIZE);
    expect((await listing('?city=all&state=all&category=all')).total).toBe(26);
    expect(await listing('?q=nadie')).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });

  it('shows the next write on the next read', async () => {
    expect((await listing('?q=nuevo')).total).toBe(0);
    await admin
      .post('/api/admin/shops')
      .send(shopBody({ name: 'Armería Nuevo Día', city: 'Mérida', state: 'Yucatán' }))
      .expect(201);
    expect((await listing('?q=nuevo')).items.map((s) => s.name)).toEqual(['Armería Nuevo Día']);
  });

  it('sends each page compressed as asked, with an ETag, and 304 while it is current', async () => {
    const plain = await request(server.url)
      .get('/api/shops/listing?state=Yucat%C3%A1n')
      .set('Accept-Encoding', 'identity')
      .expect(200);
    const body = plain.body as Listing;
    const etag = plain.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers['cache-control']).toBe('no-cache');
    for (const encoding of ['gzip', 'br']) {
      const compressed = await request(server.url)
        .get('/api/shops/listing?state=Yucat%C3%A1n')
        .set('Accept-Encoding', encoding)
        .expect(200);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers.etag).toBe(etag);
      expect(compressed.body).toEqual(body);
    }
    await request(server.url)
      .get('/api/shops/listing?state=yucat%C3%A1n')
      .set('If-None-Match', etag)
      .expect(304);
    await admin
      .post('/api/admin/shops')
      .send(shopBody({ name: 'Taller Progreso', city: 'Progreso', state: 'Yucatán' }))
      .expect(201);
    const after = await request(server.url)
      .get('/api/shops/listing?state=Yucat%C3%A1n')
      .set('If-None-Match', etag)
      .expect(200);
    expect((after.body as Listing).total).toBe(body.total + 1);
  });

  it('refuses invalid parameters with field error codes', async () => {
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?page=dos', 'page'],
      [`?q=${'a'.repeat(201)}`, 'q'],
      [`?state=${'a'.repeat(200)}`, 'state'],
    ]) {
      const response = await request(server.url).get(`/api/shops/listing${query}`).expect(400);
      expect(response.body.errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ field, code: expect.any(String) })]),
      );
    }
  });
  it('refuses a search of more words than the contract allows', async () => {
    const words = (count: number) => Array.from({ length: count }, (_, i) => `palabra${i}`).join(' ');
    expect((await listing(`?q=${encodeURIComponent(words(SEARCH_MAX_WORDS))}`)).total).toBe(0);
    const response = await request(server.url)
      .get(`/api/shops/listing?q=${encodeURIComponent(words(SEARCH_MAX_WORDS + 1))}`)
      .expect(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.errors).toEqual([
      expect.objectContaining({ field: 'q', code: 'TOO_MANY', params: { max: SEARCH_MAX_WORDS } }),
    ]);
  });

  it('answers every spelling of one request alike: a page past the last, dropdown values in any case', async () => {
    const { pageCount } = await listing('?page=1');
    expect(await listing('?page=999999')).toEqual(await listing(`?page=${pageCount}`));
    expect(await listing('?category=CAZA&city=m%C3%89rida')).toEqual(
      await listing('?category=Caza&city=M%C3%A9rida'),
    );
    expect((await listing('?category=Caza')).total).toBeGreaterThan(0);
    expect(await listing('?category=Pesca&page=4')).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
  });
});
