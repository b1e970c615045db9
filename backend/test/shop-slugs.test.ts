import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { shopBody } from './support/fixtures.js';
import { loggedInAdmin } from './support/http.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
interface Shop {
  id: string;
  slug: string;
  name: string;
  whatsapp: string | null;
}

describe.each(DIALECTS)('shop slugs and WhatsApp numbers on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  const create = async (fields: Record<string, unknown>): Promise<Shop> =>
    (await admin.post('/api/admin/shops').send(shopBody(fields)).expect(201)).body as Shop;
  const update = async (id: string, fields: Record<string, unknown>): Promise<Shop> =>
    (await admin.put(`/api/admin/shops/${id}`).send(fields).expect(200)).body as Shop;
  const bySlug = (slug: string) => request(server.url).get(`/api/shops/by-slug/${slug}`);

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
    admin = await loggedInAdmin(server.url);
  });
  afterAll(() => server.close());

  it('makes each slug from name and city, unique, and answers it', async () => {
    const first = await create({ name: 'Armería del Bajío', city: 'León' });
    const second = await create({ name: 'ARMERÍA DEL BAJÍO', city: 'León' });
    const third = await create({ name: 'Armeria del Bajio!', city: ' leon ' });
    expect([first.slug, second.slug, third.slug]).toEqual([
      'armeria-del-bajio-leon',
      'armeria-del-bajio-leon-2',
      'armeria-del-bajio-leon-3',
    ]);
    expect((await create({ name: 'Ñandú & Peña', city: 'Cañada' })).slug).toBe('nandu-y-pena-canada');
    const found = await bySlug('armeria-del-bajio-leon-2').expect(200);
    expect(found.body).toEqual((await request(server.url).get(`/api/shops/${second.id}`)).body);
    const listed = (await request(server.url).get('/api/shops').expect(200)).body as Shop[];
    expect(listed.map((shop) => shop.slug)).toContain('armeria-del-bajio-leon-3');
  });

  it('keeps the slug while name and city stay, and redirects the old one after a rename', async () => {
    const shop = await create({ name: 'Taller Regio', city: 'Monterrey' });
    expect(shop.slug).toBe('taller-regio-monterrey');
    // The admin form sends every field back; nothing about the slug changed.
    expect((await update(shop.id, shopBody({ name: 'Taller Regio', city: 'Monterrey' }))).slug).toBe(
      shop.slug,
    );
    expect((await update(shop.id, { isVerified: 'true', name: 'Taller  REGIO' })).slug).toBe(shop.slug);

    const renamed = await update(shop.id, { name: 'Taller Regio Norte' });
    expect(renamed.slug).toBe('taller-regio-norte-monterrey');
    const moved = await bySlug('taller-regio-monterrey').redirects(0).expect(301);
    expect(moved.headers.location).toBe('/api/shops/by-slug/taller-regio-norte-monterrey');
    expect(moved.body).toEqual({ slug: 'taller-regio-norte-monterrey' });
    expect((await bySlug('taller-regio-monterrey').redirects(1).expect(200)).body.id).toBe(shop.id);

    // The old slug stays this shop's: a namesake gets the next number, not the old URL.
    const namesake = await create({ name: 'Taller Regio', city: 'Monterrey' });
    expect(namesake.slug).toBe('taller-regio-monterrey-2');
    // A shop renamed back gets its old slug back, and the one in between redirects.
    expect((await update(shop.id, { name: 'Taller Regio' })).slug).toBe('taller-regio-monterrey');
    await bySlug('taller-regio-monterrey').expect(200);
    expect((await bySlug('taller-regio-norte-monterrey').redirects(0).expect(301)).body).toEqual({
      slug: 'taller-regio-monterrey',
    });
    // Moving city changes it too; deleting the shop retires every slug it had.
    expect((await update(shop.id, { city: 'San Nicolás' })).slug).toBe('taller-regio-san-nicolas');
    await admin.delete(`/api/admin/shops/${shop.id}`).expect(204);
    for (const slug of [
      'taller-regio-san-nicolas',
      'taller-regio-monterrey',
      'taller-regio-norte-monterrey',
    ]) {
      await bySlug(slug).expect(404);
    }
  });

  it('answers 404 for unknown and malformed slugs', async () => {
    for (const slug of [
      'nope',
      'Taller-Regio',
      'a--b',
      '-a',
      encodeURIComponent('taller regio'),
      'x'.repeat(121),
    ]) {
      const response = await bySlug(slug).expect(404);
      expect(response.body.message).toBe('Shop not found');
    }
  });

  it('stores an international WhatsApp number, refuses others, and clears it', async () => {
    const shop = await create({ name: 'Armería Mensajes', whatsapp: ' +52 1 (33) 1234-5678 ' });
    expect(shop.whatsapp).toBe('+52 1 (33) 1234-5678');
    for (const whatsapp of ['33 1234 5678', '+52 33', '+52 33 1234 5678 ext 2', 'wa.me/5233', 42]) {
      const refused = await admin.put(`/api/admin/shops/${shop.id}`).send({ whatsapp }).expect(400);
      expect(refused.body.errors[0].field).toBe('whatsapp');
    }
    const refused = await admin
      .put(`/api/admin/shops/${shop.id}`)
      .send({ whatsapp: '3312345678' })
      .expect(400);
    expect(refused.body.message).toMatch(/WhatsApp must be an international phone number/);
    expect((await update(shop.id, { whatsapp: '' })).whatsapp).toBeNull();
    expect((await create({ name: 'Sin WhatsApp' })).whatsapp).toBeNull();
  });
});
