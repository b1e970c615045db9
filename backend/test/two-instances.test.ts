import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { shopBody } from './support/fixtures.js';
import { browser, FIRST_ADMIN, sessionCookie } from './support/http.js';
import {
  createTestDatabase,
  DIALECTS,
  startApp,
  type TestApp,
  type TestDatabase,
} from './support/test-app.js';

/**
 * Two backend instances on one database (the production scaling path): a session made on one
 * is valid on the other, and a logout on one ends it on both.
 */
describe.each(DIALECTS)('two instances on one %s database', (dialect) => {
  let database: TestDatabase;
  let one: TestApp;
  let two: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    if (dialect === 'mysql') {
      // Replicas start at the same moment on a new database: a named lock makes one wait while
      // the other migrates (on MariaDB too, whose driver type is 'mariadb', not 'mysql').
      [one, two] = await Promise.all([startApp(database.env), startApp(database.env)]);
    } else {
      one = await startApp(database.env);
      two = await startApp(database.env);
    }
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.drop();
  });

  it('share sessions', async () => {
    await request(one.url).post('/api/auth/create-admin').send(FIRST_ADMIN).expect(201);
    await request(two.url)
      .post('/api/auth/create-admin')
      .send({ username: 'other', password: 'secret1-tornillo-azul' })
      .expect(403);
    const login = await request(one.url).post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    const cookie = sessionCookie(login)!.split(';')[0];
    const me = await request(two.url).get('/api/auth/me').set('Cookie', cookie).expect(200);
    expect(me.body.username).toBe(FIRST_ADMIN.username);
    await request(two.url).post('/api/auth/logout').set('Cookie', cookie).expect(200);
    await request(one.url).get('/api/auth/me').set('Cookie', cookie).expect(401);
  });

  it('show a write made through one on the very next read of the other', async () => {
    const admin = browser(one.url);
    await admin.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    // Warm the other instance's cache first, so a stale copy would be caught.
    const before = await request(two.url).get('/api/shops').expect(200);
    const created = await admin.post('/api/admin/shops').send(shopBody()).expect(201);
    const after = await request(two.url)
      .get('/api/shops')
      .set('If-None-Match', before.headers.etag)
      .expect(200);
    expect(after.body.map((shop: { id: string }) => shop.id)).toContain(created.body.id);
    await admin.put(`/api/admin/shops/${created.body.id}`).send({ isVerified: 'true' }).expect(200);
    expect((await request(two.url).get(`/api/shops/${created.body.id}`).expect(200)).body.isVerified).toBe(
      'true',
    );
    await admin.delete(`/api/admin/shops/${created.body.id}`).expect(204);
    await request(two.url).get(`/api/shops/${created.body.id}`).expect(404);
  });
});
