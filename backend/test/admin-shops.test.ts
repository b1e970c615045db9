import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { shopBody } from './support/fixtures.js';
import { loggedInAdmin } from './support/http.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
interface ListedShop {
  id: string;
  name: string;
  city: string;
  isVerified: string;
  updatedAt: string;
  categories: string[];
}

const SHOPS: Record<string, unknown>[] = [
  { name: 'Álamo Armas', city: 'Zapopan', state: 'Jalisco', categories: ['Armería'], isVerified: 'true' },
  { name: 'Beta Caza', city: 'León', state: 'Guanajuato', categories: ['Caza', 'Accesorios'] },
  { name: 'Cañón del Año', city: 'Tampico', state: 'San Luis Potosí', categories: ['Municiones'] },
  { name: 'Delta 100% Tiro', city: 'Puebla', state: 'Puebla', categories: ['Deportivo'], isVerified: 'true' },
  { name: 'eco armería', city: 'Puebla', state: 'Puebla', categories: ['armería', 'Seguridad'] },
  { name: 'Fénix Ano', city: 'Mérida', state: 'Yucatán', categories: ['Coleccionismo'] },
];

describe.each(DIALECTS)('admin shop list and bulk actions on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  const ids = new Map<string, string>();
  const list = async (query: Record<string, string | number> = {}) =>
    (await admin.get('/api/admin/shops').query(query).expect(200)).body as {
      items: ListedShop[];
      total: number;
      page: number;
      pageSize: number;
      stats: { total: number; verified: number; unverified: number };
      categories: string[];
      states: string[];
    };
  const names = async (query: Record<string, string | number>) =>
    (await list({ pageSize: 100, ...query })).items.map((shop) => shop.name);
  const snapshot = async () => ({
    shops: await server.dataSource.query('SELECT * FROM shop ORDER BY id'),
    categories: await server.dataSource.query('SELECT * FROM shop_category ORDER BY shop_id, name'),
  });

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
    admin = await loggedInAdmin(server.url);
    for (const [index, shop] of SHOPS.entries()) {
      const body = shopBody({ email: `contacto${index}@tienda.example`, ...shop });
      const created = await admin.post('/api/admin/shops').send(body).expect(201);
      ids.set(created.body.name, created.body.id);
    }
  });
  afterAll(() => server.close());

  it('is for admins only', async () => {
    await request(server.url).get('/api/admin/shops').expect(401);
    await request(server.url).post('/api/admin/shops/bulk').send({ action: 'verify', ids: [] }).expect(401);
  });

  it('pages through every shop once, by name ignoring accents and case, with the total', async () => {
    const pages = [await list({ pageSize: 4 }), await list({ pageSize: 4, page: 2 })];
    expect(pages.map((page) => page.total)).toEqual([6, 6]);
    expect(pages.flatMap((page) => page.items.map((shop) => shop.name))).toEqual(
      SHOPS.map((shop) => shop.name),
    );
    expect(pages[1]).toMatchObject({ page: 2, pageSize: 4 });
    expect((await list({ pageSize: 4, page: 3 })).items).toEqual([]);
    expect(pages[0].items[1]).toMatchObject({ categories: ['Caza', 'Accesorios'], isVerified: 'false' });
    expect(Date.parse(pages[0].items[0].updatedAt)).not.toBeNaN();
  });

  it('sorts by city, verification and last update, either way', async () => {
    expect(await names({ sort: 'city', order: 'desc' })).toEqual([
      'Álamo Armas',
      'Cañón del Año',
      'Delta 100% Tiro',
      'eco armería',
      'Fénix Ano',
      'Beta Caza',
    ]);
    expect((await names({ sort: 'verified', order: 'desc' })).slice(0, 2)).toEqual([
      'Álamo Armas',
      'Delta 100% Tiro',
    ]);
    await admin
      .put(`/api/admin/shops/${ids.get('Beta Caza')}`)
      .send({ phone: '+52 477 000 0000' })
      .expect(200);
    expect((await names({ sort: 'updatedAt', order: 'desc' }))[0]).toBe('Beta Caza');
    expect((await names({ sort: 'updatedAt', order: 'asc' })).at(-1)).toBe('Beta Caza');
  });

  it('searches every word in name, city, state, email and categories, ignoring accents but not ñ', async () => {
    expect(await names({ q: 'ARMERIA' })).toEqual(['Álamo Armas', 'eco armería']);
    expect(await names({ q: 'armería puebla' })).toEqual(['eco armería']);
    expect(await names({ q: 'merida' })).toEqual(['Fénix Ano']);
    expect(await names({ q: 'año' })).toEqual(['Cañón del Año']);
    expect(await names({ q: 'ano' })).toEqual(['Fénix Ano']);
    expect(await names({ q: '100%' })).toEqual(['Delta 100% Tiro']);
    expect(await names({ q: '_' })).toEqual([]);
    expect(await names({ q: 'yucatan' })).toEqual(['Fénix Ano']);
    expect(await names({ q: 'contacto3@' })).toEqual(['Delta 100% Tiro']);
  });

  it('filters by verification, category and state, and counts the whole directory whatever the filter', async () => {
    const verified = await list({ verified: 'true' });
    expect(verified.items.map((shop) => shop.name)).toEqual(['Álamo Armas', 'Delta 100% Tiro']);
    expect(verified.total).toBe(2);
    expect(verified.stats).toEqual({ total: 6, verified: 2, unverified: 4, expiringSoon: 0, expired: 0 });
    expect(await names({ category: 'armería' })).toEqual(['Álamo Armas', 'eco armería']);
    expect(await names({ state: 'puebla', verified: 'false' })).toEqual(['eco armería']);
    // One spelling per category whatever its case (MySQL's DISTINCT picks which).
    expect(verified.categories.map((name) => name.toLowerCase())).toEqual([
      'accesorios',
      'armería',
      'caza',
      'coleccionismo',
      'deportivo',
      'municiones',
      'seguridad',
    ]);
    expect(verified.states).toEqual(['Guanajuato', 'Jalisco', 'Puebla', 'San Luis Potosí', 'Yucatán']);
  });

  it('shows a new state and category in the filters and the counts on the very next page', async () => {
    const before = await list(); // the facets are kept per data version: this one is now kept
    expect(before.states).not.toContain('Sonora');
    await admin
      .put(`/api/admin/shops/${ids.get('Fénix Ano')}`)
      .send({ state: 'Sonora', categories: ['Ballestas'] })
      .expect(200);
    const after = await list();
    expect(after.states).toContain('Sonora');
    expect(after.categories).toContain('Ballestas');
    expect(after.stats).toEqual(before.stats);
    const previous = SHOPS.find((shop) => shop.name === 'Fénix Ano')!;
    await admin
      .put(`/api/admin/shops/${ids.get('Fénix Ano')}`)
      .send({ state: previous.state, categories: previous.categories })
      .expect(200);
    expect((await list()).states).toEqual(before.states);
  });

  it('finds a shop by its new name after an update', async () => {
    await admin
      .put(`/api/admin/shops/${ids.get('Fénix Ano')}`)
      .send({ name: 'Fénix Águila' })
      .expect(200);
    expect(await names({ q: 'aguila' })).toEqual(['Fénix Águila']);
    await admin
      .put(`/api/admin/shops/${ids.get('Fénix Ano')}`)
      .send({ name: 'Fénix Ano' })
      .expect(200);
  });

  it('refuses invalid paging, sorting and unknown parameters with the field named', async () => {
    const refused = [
      { pageSize: 101 },
      { pageSize: 0 },
      { page: 'two' },
      { sort: 'email' },
      { order: 'up' },
      { verified: 'yes' },
      { q: 'x'.repeat(201) },
      { limit: 5 },
    ];
    for (const query of refused) {
      const response = await admin.get('/api/admin/shops').query(query).expect(400);
      expect(response.body.errors[0].field).toBe(Object.keys(query)[0]);
    }
  });

  it('verifies many shops in one request; the public list shows it on its next read', async () => {
    const before = await request(server.url).get('/api/shops').expect(200);
    const chosen = ['Beta Caza', 'Cañón del Año'].map((name) => ids.get(name) as string);
    const answer = await admin
      .post('/api/admin/shops/bulk')
      .send({ action: 'verify', ids: chosen })
      .expect(200);
    expect(answer.body).toEqual({ action: 'verify', count: 2 });
    const after = await request(server.url)
      .get('/api/shops')
      .set('If-None-Match', before.headers.etag)
      .expect(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const publicShops = after.body as ListedShop[];
    expect(publicShops.filter((shop) => chosen.includes(shop.id)).map((shop) => shop.isVerified)).toEqual([
      'true',
      'true',
    ]);
    expect((await list()).stats).toEqual({
      total: 6,
      verified: 4,
      unverified: 2,
      expiringSoon: 0,
      expired: 0,
    });
    await admin.post('/api/admin/shops/bulk').send({ action: 'unverify', ids: chosen }).expect(200);
    expect((await list()).stats.verified).toBe(2);
  });

  it('changes nothing when one of the shops does not exist', async () => {
    const before = await snapshot();
    const unknown = '00000000-0000-4000-8000-000000000000';
    const response = await admin
      .post('/api/admin/shops/bulk')
      .send({ action: 'delete', ids: [ids.get('Beta Caza'), unknown] })
      .expect(404);
    expect(response.body.errors).toEqual([expect.objectContaining({ field: 'ids' })]);
    expect(await snapshot()).toEqual(before);
    for (const body of [
      { action: 'publish', ids: [ids.get('Beta Caza')] },
      { action: 'verify', ids: [] },
      { action: 'verify', ids: ['not-an-id'] },
      { action: 'verify', ids: [ids.get('Beta Caza'), ids.get('Beta Caza')] },
    ]) {
      await admin.post('/api/admin/shops/bulk').send(body).expect(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('rolls the whole bulk delete back when the database fails half way', async () => {
    // A trigger makes deleting one shop fail after the others' categories (and maybe rows) are gone.
    const trigger =
      dialect === 'mysql'
        ? "CREATE TRIGGER refuse_delete BEFORE DELETE ON shop FOR EACH ROW BEGIN IF OLD.name = 'eco armería' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused'; END IF; END"
        : "CREATE TRIGGER refuse_delete BEFORE DELETE ON shop WHEN OLD.name = 'eco armería' BEGIN SELECT RAISE(ABORT, 'refused'); END";
    await server.dataSource.query(trigger);
    try {
      const before = await snapshot();
      await admin
        .post('/api/admin/shops/bulk')
        .send({ action: 'delete', ids: [...ids.values()] })
        .expect(500);
      expect(await snapshot()).toEqual(before);
    } finally {
      await server.dataSource.query('DROP TRIGGER refuse_delete');
    }
  });

  it('keeps eight parallel writers (bulk, update, create) free of errors', async () => {
    const all = [...ids.values()];
    const writers = Array.from({ length: 8 }, (_, i) => {
      if (i % 4 === 0) return admin.post('/api/admin/shops').send(shopBody({ name: `Paralela ${i}` }));
      if (i % 4 === 1)
        return admin.put(`/api/admin/shops/${all[i % all.length]}`).send({ isVerified: 'true' });
      // Overlapping sets in opposite orders: the worst case for row locks.
      const ids = i % 2 ? all : [...all].reverse();
      return admin.post('/api/admin/shops/bulk').send({ action: i % 4 === 2 ? 'verify' : 'unverify', ids });
    });
    const statuses = (await Promise.all(writers)).map((response) => response.status);
    expect(statuses).toEqual([201, 200, 200, 200, 201, 200, 200, 200]);
  });

  it('deletes many shops and their categories at once', async () => {
    const created = await list({ q: 'paralela' });
    const answer = await admin
      .post('/api/admin/shops/bulk')
      .send({ action: 'delete', ids: created.items.map((shop) => shop.id) })
      .expect(200);
    expect(answer.body).toEqual({ action: 'delete', count: 2 });
    expect((await list({ q: 'paralela' })).total).toBe(0);
    const orphans = await server.dataSource.query(
      'SELECT COUNT(*) AS n FROM shop_category WHERE shop_id NOT IN (SELECT id FROM shop)',
    );
    expect(Number(orphans[0].n)).toBe(0);
    expect((await list()).stats.total).toBe(6);
  });
});
