import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import unzipper from 'unzipper';
import { shopBody } from './support/fixtures.js';
import { binary } from './support/held-put.js';
import { browser, FIRST_ADMIN } from './support/http.js';
import { activityLog, type ActivityEntry as Entry } from './support/activity-log.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
describe.each(DIALECTS)('activity log on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  let adminId: string;
  const q = dialect === 'sqlite' ? '"' : '`';

  const { page, count, entriesOf, entriesAfterDownload, oneEntryOf } = activityLog(
    () => admin,
    () => server.dataSource,
  );
  const createShop = async (overrides: Record<string, unknown> = {}) =>
    (await admin.post('/api/admin/shops').send(shopBody(overrides)).expect(201)).body as {
      id: string;
      name: string;
    };

  beforeAll(async () => {
    // Behind a proxy on this machine: X-Forwarded-For names the client (TRUST_PROXY).
    server = await startAppOnFreshDatabase(dialect, { TRUST_PROXY: 'loopback' });
    admin = browser(server.url);
  });
  afterAll(() => server.close());

  it('logs the first admin (nobody logged in yet) and each login, failed ones with the username tried only', async () => {
    // Nobody can read the log before logging in: the first admin and the login, read after.
    await request(server.url).post('/api/auth/create-admin').send(FIRST_ADMIN).expect(201);
    await admin.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    expect(await count()).toBe(2);
    const [loggedIn, created] = (await page()).items;
    adminId = (created.details as { adminId: string }).adminId;
    expect(created).toMatchObject({
      kind: 'admin.created',
      actorId: null,
      actorName: null,
      details: { adminId: expect.any(String), username: 'admin' },
    });
    expect(created.client).toMatch(/127\.0\.0\.1$/);
    expect(loggedIn).toMatchObject({
      kind: 'login.succeeded',
      actorId: adminId,
      actorName: 'admin',
      details: null,
    });

    const failed = await oneEntryOf(() =>
      request(server.url)
        .post('/api/auth/login')
        .set('X-Forwarded-For', '203.0.113.7')
        .send({ username: 'root', password: 'guess-123' })
        .expect(401),
    );
    expect(failed).toMatchObject({
      kind: 'login.failed',
      actorId: null,
      client: '203.0.113.7',
      details: { username: 'root' },
    });
    expect(JSON.stringify(await page({ pageSize: 100 }))).not.toContain('guess-123');
    // A request that is not a login attempt (no password) is not one.
    await entriesOf(
      () => request(server.url).post('/api/auth/login').send({ username: 'root' }).expect(400),
      0,
    );
  });

  it('logs a shop created, updated with each changed field old and new, verified, unverified and deleted', async () => {
    let shop = { id: '', name: '' };
    const created = await oneEntryOf(async () => {
      shop = await createShop({ name: 'Armería del Bajío', city: 'León' });
    });
    expect(created).toMatchObject({
      kind: 'shop.created',
      actorId: adminId,
      actorName: 'admin',
      shopId: shop.id,
      shopName: 'Armería del Bajío',
    });
    expect(Date.now() - Date.parse(created.at)).toBeLessThan(60_000);

    const updated = await oneEntryOf(() =>
      admin
        .put(`/api/admin/shops/${shop.id}`)
        .send({ phone: '+52 477 000 0000', categories: ['Caza'], city: 'León' })
        .expect(200),
    );
    expect(updated).toMatchObject({ kind: 'shop.updated', shopId: shop.id });
    expect(updated.details).toEqual({
      changes: {
        phone: { from: '+52 222 123 4567', to: '+52 477 000 0000' },
        categories: { from: ['Armería', 'Mantenimiento'], to: ['Caza'] },
      },
    });

    // The form sends every field: only the verification changed.
    const current = (await admin.get(`/api/shops/${shop.id}`).expect(200)).body as Record<string, unknown>;
    const formBody = Object.fromEntries(
      Object.entries(current).filter(([key]) => key in shopBody() || key === 'whatsapp'),
    );
    const verified = await oneEntryOf(() =>
      admin
        .put(`/api/admin/shops/${shop.id}`)
        .send({ ...formBody, isVerified: 'true' })
        .expect(200),
    );
    expect(verified).toMatchObject({
      kind: 'shop.verified',
      details: { changes: { isVerified: { from: 'false', to: 'true' } } },
    });
    const unverified = await oneEntryOf(() =>
      admin.put(`/api/admin/shops/${shop.id}`).send({ isVerified: false }).expect(200),
    );
    expect(unverified.kind).toBe('shop.unverified');
    // Saving without a change is no change.
    await entriesOf(
      () => admin.put(`/api/admin/shops/${shop.id}`).send({ isVerified: 'false' }).expect(200),
      0,
    );

    const deleted = await oneEntryOf(() => admin.delete(`/api/admin/shops/${shop.id}`).expect(204));
    expect(deleted).toMatchObject({ kind: 'shop.deleted', shopId: shop.id, shopName: 'Armería del Bajío' });
    // The deleted shop's history stays, newest first.
    expect((await page({ shopId: shop.id })).items.map((entry) => entry.kind)).toEqual([
      'shop.deleted',
      'shop.unverified',
      'shop.verified',
      'shop.updated',
      'shop.created',
    ]);
  });

  it('logs a bulk action once per shop it changed', async () => {
    const shops = [await createShop({ name: 'Bulk Uno' }), await createShop({ name: 'Bulk Dos' })];
    const third = await createShop({ name: 'Bulk Tres', isVerified: 'true' });
    const ids = [...shops, third].map((shop) => shop.id);
    const verified = await entriesOf(
      () => admin.post('/api/admin/shops/bulk').send({ action: 'verify', ids }).expect(200),
      2,
    );
    expect(verified.map((entry) => [entry.kind, entry.shopName]).sort()).toEqual([
      ['shop.verified', 'Bulk Dos'],
      ['shop.verified', 'Bulk Uno'],
    ]);
    const deleted = await entriesOf(
      () => admin.post('/api/admin/shops/bulk').send({ action: 'delete', ids }).expect(200),
      3,
    );
    expect(new Set(deleted.map((entry) => entry.kind))).toEqual(new Set(['shop.deleted']));
    expect(deleted.map((entry) => entry.shopId).sort()).toEqual([...ids].sort());
  });

  it('logs admins added, passwords reset, one’s own password changed and admins deleted', async () => {
    let otherId = '';
    const added = await oneEntryOf(async () => {
      otherId = (
        await admin
          .post('/api/admin/users')
          .send({ username: 'segunda', password: 'segunda-1-brújula', confirmPassword: 'segunda-1-brújula' })
          .expect(201)
      ).body.id;
    });
    expect(added).toMatchObject({
      kind: 'admin.created',
      actorName: 'admin',
      details: { adminId: otherId, username: 'segunda' },
    });
    const reset = await oneEntryOf(() =>
      admin
        .put(`/api/admin/users/${otherId}/reset-password`)
        .send({ newPassword: 'nueva-123-farol', confirmPassword: 'nueva-123-farol' })
        .expect(200),
    );
    expect(reset).toMatchObject({
      kind: 'admin.password_reset',
      details: { adminId: otherId, username: 'segunda' },
    });
    const changed = await oneEntryOf(() =>
      admin
        .put('/api/auth/change-password')
        .send({
          currentPassword: FIRST_ADMIN.password,
          newPassword: 'otra-clave-1',
          confirmPassword: 'otra-clave-1',
        })
        .expect(200),
    );
    expect(changed).toMatchObject({ kind: 'account.password_changed', actorId: adminId, details: null });
    await admin
      .put('/api/auth/change-password')
      .send({
        currentPassword: 'otra-clave-1',
        newPassword: FIRST_ADMIN.password,
        confirmPassword: FIRST_ADMIN.password,
      })
      .expect(200);
    const deleted = await oneEntryOf(() => admin.delete(`/api/admin/users/${otherId}`).expect(204));
    expect(deleted).toMatchObject({
      kind: 'admin.deleted',
      details: { adminId: otherId, username: 'segunda' },
    });
    expect(JSON.stringify(await page({ pageSize: 100 }))).not.toMatch(
      /segunda-1|nueva-123|otra-clave-1|argon2/,
    );
  });

  it('writes nothing for a change that is refused or fails', async () => {
    const shop = await createShop({ name: 'Sin Cambios' });
    await entriesOf(async () => {
      await admin.delete(`/api/admin/users/${adminId}`).expect(409); // the last admin
      await admin.put(`/api/admin/shops/${shop.id}`).send({ email: 'not-an-email' }).expect(400);
      await admin
        .post('/api/admin/shops/bulk')
        .send({ action: 'verify', ids: [shop.id, '00000000-0000-4000-8000-000000000000'] })
        .expect(404);
      await admin.delete('/api/admin/shops/00000000-0000-4000-8000-000000000000').expect(404);
      await admin
        .post('/api/admin/users')
        .send({ username: 'ADMIN', password: 'x-123456-nube-8', confirmPassword: 'x-123456-nube-8' })
        .expect(409);
      await admin
        .put('/api/auth/change-password')
        .send({
          currentPassword: 'wrong-one',
          newPassword: 'abcdef-llave-roja',
          confirmPassword: 'abcdef-llave-roja',
        })
        .expect(400);
    }, 0);
  });

  it('undoes the change when its entry cannot be written (one transaction)', async () => {
    const shop = await createShop({ name: 'Atómica' });
    const before = await server.dataSource.query(`SELECT * FROM ${q}shop${q} WHERE id = ?`, [shop.id]);
    if (dialect === 'sqlite') {
      await server.dataSource.query(
        `CREATE TRIGGER refuse_activity BEFORE INSERT ON activity_entry BEGIN SELECT RAISE(ABORT, 'refused'); END`,
      );
    } else {
      await server.dataSource.query(
        "CREATE TRIGGER refuse_activity BEFORE INSERT ON activity_entry FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused'",
      );
    }
    try {
      await admin.put(`/api/admin/shops/${shop.id}`).send({ name: 'Cambiada' }).expect(500);
      await admin.delete(`/api/admin/shops/${shop.id}`).expect(500);
      await admin
        .post('/api/admin/shops/bulk')
        .send({ action: 'verify', ids: [shop.id] })
        .expect(500);
    } finally {
      await server.dataSource.query('DROP TRIGGER refuse_activity');
    }
    expect(await server.dataSource.query(`SELECT * FROM ${q}shop${q} WHERE id = ?`, [shop.id])).toEqual(
      before,
    );
    expect((await admin.get(`/api/shops/${shop.id}`).expect(200)).body).toMatchObject({
      name: 'Atómica',
      isVerified: 'false',
    });
  });

  it('logs backups downloaded and a restore with its counts; backups carry the log and a restore keeps it', async () => {
    await createShop({ name: 'Respaldo' });
    const downloaded = await oneEntryOf(async () => {
      await admin.post('/api/admin/backup/data').expect(200);
    });
    expect(downloaded).toMatchObject({ kind: 'backup.downloaded', details: { kind: 'data', images: 0 } });

    const logBefore = (await page({ pageSize: 100 })).items;
    let zipBytes: Buffer = Buffer.alloc(0);
    const [full] = await entriesAfterDownload(async () => {
      zipBytes = (await admin.post('/api/admin/backup/full').buffer(true).parse(binary).expect(200))
        .body as Buffer;
    });
    expect(full).toMatchObject({
      kind: 'backup.downloaded',
      details: { kind: 'full', activity: logBefore.length },
    });
    const zip = await unzipper.Open.buffer(zipBytes);
    const read = async (name: string) =>
      JSON.parse((await zip.files.find((file) => file.path === name)!.buffer()).toString());
    const manifest = await read('manifest.json');
    const activity = (await read('activity.json')) as Entry[];
    expect(manifest).toMatchObject({ formatVersion: 8, counts: { activity: logBefore.length } });
    expect(manifest.files['activity.json']).toMatchObject({ sha256: expect.any(String) });
    // Oldest first, every entry as the API gives it.
    expect(activity).toEqual([...logBefore].reverse());

    const restored = await oneEntryOf(() =>
      admin
        .post('/api/admin/backup/restore')
        .attach('backupFile', zipBytes, { filename: 'backup.zip', contentType: 'application/zip' })
        .expect(200),
    );
    expect(restored).toMatchObject({
      kind: 'backup.restored',
      actorName: 'admin',
      // The directory has every shop exactly so: all left alone (and the upload's name kept).
      details: {
        upload: 'backup.zip',
        created: 0,
        updated: 0,
        unchanged: manifest.counts.shops,
        images: 0,
        formatVersion: 8,
      },
    });
    // The log as it was, plus the download and the restore: nothing of it replaced.
    const after = (await page({ pageSize: 100 })).items;
    expect(after.slice(2)).toEqual(logBefore);
  });

  it('lists newest first, a page at a time, filtered by who, kind, shop and dates', async () => {
    const all = await page({ pageSize: 100 });
    expect(all.total).toBe(all.items.length);
    const ids = all.items.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const first = await page({ pageSize: 3 });
    const second = await page({ pageSize: 3, page: 2 });
    expect([...first.items, ...second.items]).toEqual(all.items.slice(0, 6));
    expect(second).toMatchObject({ page: 2, pageSize: 3, total: all.total });

    expect((await page({ actor: 'ADMIN', pageSize: 100 })).items.every((e) => e.actorName === 'admin')).toBe(
      true,
    );
    expect((await page({ actor: 'nadie' })).total).toBe(0);
    expect((await page({ kind: 'login.failed' })).items.map((e) => e.details)).toEqual([
      { username: 'root' },
    ]);
    const bajio = await page({ shop: 'bajío', pageSize: 100 });
    expect(bajio.total).toBe(5);
    expect((await page({ shop: '100%' })).total).toBe(0);

    const newest = Date.parse(all.items[0].at);
    expect((await page({ from: new Date(newest + 1).toISOString() })).total).toBe(0);
    expect((await page({ to: new Date(newest + 1).toISOString() })).total).toBe(all.total);
    expect((await page({ from: new Date(newest).toISOString(), pageSize: 100 })).items[0]).toEqual(
      all.items[0],
    );
    expect((await page({ to: '2000-01-01' })).total).toBe(0);
  });

  it('refuses bad filters with a code per field', async () => {
    const refused = async (query: Record<string, string>, field: string, code: string) => {
      const { body } = await admin.get('/api/admin/activity').query(query).expect(400);
      expect(body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field, code }] });
    };
    await refused({ kind: 'shop.exploded' }, 'kind', 'INVALID_VALUE');
    await refused({ from: 'yesterday' }, 'from', 'INVALID_DATE');
    await refused({ to: '2026-13-01' }, 'to', 'INVALID_DATE');
    await refused({ from: '2026-02-01', to: '2026-01-01' }, 'to', 'OUT_OF_RANGE');
    await refused({ shopId: 'abc' }, 'shopId', 'INVALID_VALUE');
    await refused({ pageSize: '1000' }, 'pageSize', 'OUT_OF_RANGE');
    await refused({ page: '0' }, 'page', 'OUT_OF_RANGE');
    await refused({ actor: 'x'.repeat(51) }, 'actor', 'TOO_LONG');
    await refused({ mine: 'true' }, 'mine', 'UNKNOWN_FIELD');
    await request(server.url).get('/api/admin/activity').expect(401);
  });

  it('has no way to change or delete an entry', async () => {
    const before = await page({ pageSize: 100 });
    const [{ id }] = before.items;
    for (const [method, path] of [
      ['post', '/api/admin/activity'],
      ['put', `/api/admin/activity/${id}`],
      ['patch', `/api/admin/activity/${id}`],
      ['delete', `/api/admin/activity/${id}`],
      ['delete', '/api/admin/activity'],
    ] as const) {
      const response = await admin[method](path).send({ kind: 'shop.created' });
      expect([404, 405]).toContain(response.status);
    }
    expect(await page({ pageSize: 100 })).toEqual(before);
  });
});
