import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { shopBody } from './support/fixtures.js';
import { loggedInAdmin } from './support/http.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

describe.each(DIALECTS)('shops on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  const snapshot = async () => ({
    shops: await server.dataSource.query('SELECT * FROM shop ORDER BY id'),
    categories: await server.dataSource.query('SELECT * FROM shop_category ORDER BY shop_id, name'),
  });

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
    admin = await loggedInAdmin(server.url);
  });
  afterAll(() => server.close());

  it('starts empty when demo data is off, with empty filter lists', async () => {
    expect((await request(server.url).get('/api/shops').expect(200)).body).toEqual([]);
    for (const list of ['categories', 'cities', 'states']) {
      expect((await request(server.url).get(`/api/shops/${list}`).expect(200)).body).toEqual([]);
    }
  });

  it('creates, reads, verifies, lists and deletes a shop', async () => {
    const created = await admin
      .post('/api/admin/shops')
      .send(shopBody({ isVerified: false }))
      .expect(201);
    const shop = created.body;
    expect(shop).toMatchObject({
      ...shopBody(),
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      isVerified: 'false',
      latitude: 19.0414,
      longitude: -98.2063,
    });
    expect((await request(server.url).get(`/api/shops/${shop.id}`).expect(200)).body).toEqual(shop);

    const verified = await admin.put(`/api/admin/shops/${shop.id}`).send({ isVerified: true }).expect(200);
    expect(verified.body).toMatchObject({ id: shop.id, name: shop.name, isVerified: 'true' });
    const list = (await request(server.url).get('/api/shops').expect(200)).body;
    expect(list).toHaveLength(1);
    expect(list[0].isVerified).toBe('true');

    await admin.delete(`/api/admin/shops/${shop.id}`).expect(204);
    await request(server.url).get(`/api/shops/${shop.id}`).expect(404);
    await admin.delete(`/api/admin/shops/${shop.id}`).expect(404);
    expect((await request(server.url).get('/api/shops').expect(200)).body).toEqual([]);
    expect((await snapshot()).categories).toEqual([]);
  });

  it('sorts verified shops first, then by name in Spanish order, and lists distinct filter values', async () => {
    const make = (name: string, extra: Record<string, unknown>) =>
      admin
        .post('/api/admin/shops')
        .send(shopBody({ name, ...extra }))
        .expect(201);
    await make('Ñandú', { isVerified: 'true', city: 'Zapopan', state: 'Jalisco', categories: ['Arquería'] });
    await make('Oro', {
      isVerified: 'true',
      city: 'León',
      state: 'Guanajuato',
      categories: ['caza', 'Caza '],
    });
    await make('Álamo', { city: ' zapopan ', state: 'Jalisco', categories: ['Armería', 'Caza'] });
    await make('Nube', { city: 'Ébano', state: 'San Luis Potosí', categories: ['Municiones'] });
    const names = (await request(server.url).get('/api/shops')).body.map(
      (shop: { name: string }) => shop.name,
    );
    expect(names).toEqual(['Ñandú', 'Oro', 'Álamo', 'Nube']);
    const oro = (await request(server.url).get('/api/shops')).body[1];
    expect(oro.categories).toEqual(['caza']); // repeats removed, first spelling kept
    expect((await request(server.url).get('/api/shops/categories')).body).toEqual([
      'Armería',
      'Arquería',
      'caza',
      'Municiones',
    ]);
    expect((await request(server.url).get('/api/shops/cities')).body).toEqual(['Ébano', 'León', 'Zapopan']);
    expect((await request(server.url).get('/api/shops/states')).body).toEqual([
      'Guanajuato',
      'Jalisco',
      'San Luis Potosí',
    ]);
  });

  it('serves the list with a strong ETag, 304 on revalidation, and gzip or brotli', async () => {
    const first = await request(server.url).get('/api/shops').set('Accept-Encoding', 'gzip').expect(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[^"]+"$/);
    await request(server.url).get('/api/shops').set('If-None-Match', etag).expect(304);
    const brotli = await request(server.url).get('/api/shops').set('Accept-Encoding', 'br, gzip').expect(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body).toEqual(first.body);
    // A write changes the ETag: the old copy is no longer current.
    const [shop] = first.body;
    await admin.put(`/api/admin/shops/${shop.id}`).send({ description: 'Nueva descripción' }).expect(200);
    const after = await request(server.url).get('/api/shops').set('If-None-Match', etag).expect(200);
    expect(after.headers.etag).not.toBe(etag);
  });

  it('serves one shop with the security headers, a strong ETag, 304 on revalidation, and gzip or brotli', async () => {
    const [listed] = (await request(server.url).get('/api/shops').expect(200)).body as { id: string }[];
    const path = `/api/shops/${listed.id}`;
    const first = await request(server.url).get(path).set('Accept-Encoding', 'gzip').expect(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.body).toEqual(listed);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[^"]+"$/);
    await request(server.url).get(path).set('If-None-Match', etag).expect(304);
    const brotli = await request(server.url).get(path).set('Accept-Encoding', 'br').expect(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body).toEqual(listed);
    // A write to the shop is in the very next answer.
    await admin
      .put(path.replace('/api/', '/api/admin/'))
      .send({ description: 'Otra descripción' })
      .expect(200);
    const after = await request(server.url).get(path).set('If-None-Match', etag).expect(200);
    expect(after.body.description).toBe('Otra descripción');
    expect(after.headers.etag).not.toBe(etag);
  });

  it('answers 404 with a message for unknown or malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1' OR '1'='1"]) {
      const response = await request(server.url)
        .get(`/api/shops/${encodeURIComponent(id)}`)
        .expect(404);
      expect(response.body).toEqual({
        statusCode: 404,
        code: 'SHOP_NOT_FOUND',
        message: 'Shop not found',
        error: 'Not Found',
      });
    }
    await admin.put('/api/admin/shops/not-an-id').send({ name: 'x' }).expect(404);
  });

  it('refuses admin routes without a session', async () => {
    const before = await snapshot();
    const [shop] = (await request(server.url).get('/api/shops')).body;
    await request(server.url).post('/api/admin/shops').send(shopBody()).expect(401);
    await request(server.url).put(`/api/admin/shops/${shop.id}`).send({ isVerified: 'true' }).expect(401);
    await request(server.url).delete(`/api/admin/shops/${shop.id}`).expect(401);
    expect(await snapshot()).toEqual(before);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['a missing name', { name: undefined }, 'Name is required'],
    ['a blank name', { name: '   ' }, 'Name is required'],
    ['a non-text name', { name: { $ne: 1 } }, 'Name must be text'],
    ['an over-long name', { name: 'x'.repeat(151) }, 'Name must be at most 150 characters'],
    ['a missing description', { description: '' }, 'Description is required'],
    ['a missing address', { address: undefined }, 'Address is required'],
    ['a missing city', { city: ' ' }, 'City is required'],
    ['a missing state', { state: undefined }, 'State is required'],
    ['a missing phone', { phone: undefined }, 'Phone is required'],
    ['a phone without digits', { phone: 'call me maybe' }, 'Phone must be a phone number'],
    ['a missing email', { email: undefined }, 'Email is required'],
    ['a malformed email', { email: 'not-an-email' }, 'Email must be a valid email address'],
    ['a javascript: website', { website: 'javascript:alert(1)' }, 'Website must be an http(s) URL'],
    [
      'a data: website',
      { website: 'data:text/html,<script>alert(1)</script>' },
      'Website must be an http(s) URL',
    ],
    ['a protocol-relative website', { website: '//evil.example' }, 'Website must be an http(s) URL'],
    ['a missing Google Maps URL', { googleMapsUrl: undefined }, 'Google Maps URL is required'],
    [
      'a vbscript: Google Maps URL',
      { googleMapsUrl: 'vbscript:msgbox(1)' },
      'Google Maps URL must be an http(s) URL',
    ],
    [
      'a JavaScript: Google Maps URL with spaces',
      { googleMapsUrl: '  JavaScript:alert(1)' },
      'Google Maps URL must be an http(s) URL',
    ],
    ['a missing logo', { logo: undefined }, 'Logo is required'],
    ['an unknown logo', { logo: 'skull' }, 'Logo must be an uploaded image, an http(s) URL or an icon key'],
    [
      'a javascript: logo',
      { logo: 'javascript:alert(1)' },
      'Logo must be an uploaded image, an http(s) URL or an icon key',
    ],
    [
      'a traversing logo path',
      { logo: '/objects/uploads/../../secret' },
      'Logo must be an uploaded image, an http(s) URL or an icon key',
    ],
    ['a missing map image', { mapImageUrl: undefined }, 'Map image is required'],
    [
      'an icon key as map image',
      { mapImageUrl: 'medal' },
      'Map image must be an uploaded image or an http(s) URL',
    ],
    [
      'a data: map image',
      { mapImageUrl: 'data:image/png;base64,AAAA' },
      'Map image must be an uploaded image or an http(s) URL',
    ],
    ['missing categories', { categories: undefined }, 'Please select at least one category'],
    ['categories that are not a list', { categories: 'Armería' }, 'Categories must be a list'],
    ['no category', { categories: [] }, 'Please select at least one category'],
    ['a blank category', { categories: ['Armería', '  '] }, 'Categories must not be blank'],
    ['a non-text category', { categories: [{ x: 1 }] }, 'Each category must be text'],
    ['a latitude out of range', { latitude: 91 }, 'Latitude must be between 14.5 and 32.75 (in Mexico)'],
    [
      'a longitude out of range',
      { longitude: -180.5 },
      'Longitude must be between -118.5 and -86.5 (in Mexico)',
    ],
    // A wrong sign puts a shop in the Pacific, south of the equator.
    ['a point in the ocean', { latitude: -19.4326 }, 'Latitude must be between 14.5 and 32.75 (in Mexico)'],
    ['a latitude with 9 decimals', { latitude: 19.123456789 }, 'Latitude must have at most 8 decimals'],
    ['a non-numeric longitude', { longitude: 'west' }, 'Longitude must be a number'],
    ['an isVerified of another kind', { isVerified: 'yes' }, "isVerified must be 'true' or 'false'"],
    ['a null isVerified', { isVerified: null }, "isVerified must be 'true' or 'false'"],
    ['an unknown field', { rating: 5 }, 'Unknown field "rating"'],
    ['a server-owned id', { id: '00000000-0000-4000-8000-000000000001' }, 'Unknown field "id"'],
    ['a server-owned createdAt', { createdAt: '2020-01-01' }, 'Unknown field "createdAt"'],
    [
      'an upload that does not exist',
      { logo: '/objects/uploads/00000000-0000-4000-8000-000000000009' },
      'Logo: the uploaded image was not found; please upload it again',
    ],
  ];

  it.each(invalid)(
    'refuses %s on create and on update, changing nothing',
    async (_case, override, message) => {
      const before = await snapshot();
      const body = shopBody(override);
      const created = await admin.post('/api/admin/shops').send(body).expect(400);
      expect(created.body.message).toBe(message);
      expect(created.body.errors?.[0]?.message ?? created.body.message).toBe(message);
      const [shop] = (await request(server.url).get('/api/shops')).body;
      const definedOverride = Object.fromEntries(
        Object.entries(override).map(([key, value]) => [key, value ?? null]),
      );
      const updated = await admin.put(`/api/admin/shops/${shop.id}`).send(definedOverride);
      expect(updated.status).toBe(400);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('accepts an empty website as none, string coordinates and boolean verification', async () => {
    const created = await admin
      .post('/api/admin/shops')
      .send(shopBody({ website: '', latitude: '20.5', longitude: '-100.25', isVerified: true }))
      .expect(201);
    expect(created.body).toMatchObject({
      website: null,
      latitude: 20.5,
      longitude: -100.25,
      isVerified: 'true',
    });
    await admin.delete(`/api/admin/shops/${created.body.id}`).expect(204);
  });

  it('creates many shops in parallel without a failure (InnoDB gap-lock deadlocks were a 500)', async () => {
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        admin.post('/api/admin/shops').send(shopBody({ name: `Paralela ${i}` })),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(16).fill(201));
    for (const response of responses) {
      expect(response.body.categories).toEqual(['Armería', 'Mantenimiento']);
      await admin.delete(`/api/admin/shops/${response.body.id}`).expect(204);
    }
  });

  it('stores SQL and HTML in text fields as plain text', async () => {
    const name = `Robert'); DROP TABLE shop;-- <script>alert(1)</script>`;
    const created = await admin
      .post('/api/admin/shops')
      .send(shopBody({ name, city: "O'Higgins" }))
      .expect(201);
    expect(created.body.name).toBe(name);
    expect((await request(server.url).get(`/api/shops/${created.body.id}`)).body.city).toBe("O'Higgins");
    expect((await request(server.url).get('/api/shops/cities')).body).toContain("O'Higgins");
    await admin.delete(`/api/admin/shops/${created.body.id}`).expect(204);
  });
});
