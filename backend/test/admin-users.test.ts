import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { browser, FIRST_ADMIN, loggedInAdmin } from './support/http.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

describe.each(DIALECTS)('admin users on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  let adminId: string;
  const snapshot = () =>
    server.dataSource.query('SELECT id, username, password_hash FROM admin_user ORDER BY username');

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
    admin = await loggedInAdmin(server.url);
    adminId = (await admin.get('/api/auth/me').expect(200)).body.id;
  });
  afterAll(() => server.close());

  it('refuses every admin-users route without a session', async () => {
    const anonymous = request(server.url);
    await anonymous.get('/api/admin/users').expect(401);
    await anonymous
      .post('/api/admin/users')
      .send({ username: 'x-user', password: 'secret1-tornillo-azul' })
      .expect(401);
    await anonymous
      .put(`/api/admin/users/${adminId}/reset-password`)
      .send({ newPassword: 'abcdef-llave-roja', confirmPassword: 'abcdef-llave-roja' })
      .expect(401);
    await anonymous.delete(`/api/admin/users/${adminId}`).expect(401);
    expect(await snapshot()).toHaveLength(1);
  });

  it('lists admins with id and username only, never a password hash', async () => {
    const response = await admin.get('/api/admin/users').expect(200);
    expect(response.body).toEqual([{ id: adminId, username: 'admin', createdAt: expect.any(String) }]);
    expect(JSON.stringify(response.body)).not.toMatch(/password|argon/i);
  });

  it('adds an admin with a trimmed, unique username', async () => {
    const created = await admin
      .post('/api/admin/users')
      .send({ username: ' segundo ', password: 'segundo-pass-brújula' })
      .expect(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      username: 'segundo',
      createdAt: expect.any(String),
    });
    const before = await snapshot();
    const duplicate = await admin
      .post('/api/admin/users')
      .send({ username: 'SEGUNDO', password: 'another1-llave-verde' })
      .expect(409);
    expect(duplicate.body.message).toBe('Username already exists');
    for (const [body, message] of [
      [{ username: 'ab', password: 'secret1-tornillo-azul' }, 'Username must be 3 to 50 characters'],
      [{ username: 'tercero', password: '12345' }, 'Password must be at least 6 characters'],
      [{ username: 'tercero', password: 123456 }, 'Password must be text'],
      [{ username: 'tercero', password: 'secret1-tornillo-azul', role: 'root' }, 'Unknown field "role"'],
    ] as const) {
      expect((await admin.post('/api/admin/users').send(body).expect(400)).body.message).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("resets another admin password, ending their sessions, but never one's own", async () => {
    const users = (await admin.get('/api/admin/users')).body as { id: string; username: string }[];
    const second = users.find((user) => user.username === 'segundo')!;
    const secondBrowser = browser(server.url);
    await secondBrowser
      .post('/api/auth/login')
      .send({ username: 'segundo', password: 'segundo-pass-brújula' })
      .expect(200);
    const before = await snapshot();

    const own = await admin
      .put(`/api/admin/users/${adminId}/reset-password`)
      .send({ newPassword: 'abcdef-llave-roja', confirmPassword: 'abcdef-llave-roja' })
      .expect(403);
    expect(own.body.message).toMatch(/Change My Password/);
    const mismatch = await admin
      .put(`/api/admin/users/${second.id}/reset-password`)
      .send({ newPassword: 'abcdef-llave-roja', confirmPassword: 'abcdeg-llave-roja' })
      .expect(400);
    expect(mismatch.body.message).toBe("Passwords don't match");
    const short = await admin
      .put(`/api/admin/users/${second.id}/reset-password`)
      .send({ newPassword: 'abc', confirmPassword: 'abc' })
      .expect(400);
    expect(short.body.message).toBe('Password must be at least 6 characters');
    await admin
      .put('/api/admin/users/00000000-0000-4000-8000-000000000000/reset-password')
      .send({ newPassword: 'abcdef-llave-roja', confirmPassword: 'abcdef-llave-roja' })
      .expect(404);
    await admin
      .put('/api/admin/users/not-a-uuid/reset-password')
      .send({ newPassword: 'abcdef-llave-roja', confirmPassword: 'abcdef-llave-roja' })
      .expect(404);
    expect(await snapshot()).toEqual(before);

    const reset = await admin
      .put(`/api/admin/users/${second.id}/reset-password`)
      .send({ newPassword: 'nuevo-pass-farol-4', confirmPassword: 'nuevo-pass-farol-4' })
      .expect(200);
    expect(reset.body.username).toBe('segundo');
    await secondBrowser.get('/api/auth/me').expect(401);
    await request(server.url)
      .post('/api/auth/login')
      .send({ username: 'segundo', password: 'nuevo-pass-farol-4' })
      .expect(200);
  });

  it('deletes an admin and ends their sessions at once', async () => {
    const created = await admin
      .post('/api/admin/users')
      .send({ username: 'temporal', password: 'cometa-pasajero-3' })
      .expect(201);
    const theirBrowser = browser(server.url);
    await theirBrowser
      .post('/api/auth/login')
      .send({ username: 'temporal', password: 'cometa-pasajero-3' })
      .expect(200);
    await theirBrowser.get('/api/auth/me').expect(200);
    await admin.delete(`/api/admin/users/${created.body.id}`).expect(204);
    await theirBrowser.get('/api/auth/me').expect(401);
    await admin.delete(`/api/admin/users/${created.body.id}`).expect(404);
    const rows = await server.dataSource.query('SELECT COUNT(*) AS n FROM session WHERE user_id = ?', [
      created.body.id,
    ]);
    expect(Number(rows[0].n)).toBe(0);
  });

  it('refuses to delete the last admin', async () => {
    const users = (await admin.get('/api/admin/users')).body as { id: string; username: string }[];
    for (const user of users.filter((user) => user.id !== adminId)) {
      await admin.delete(`/api/admin/users/${user.id}`).expect(204);
    }
    const refused = await admin.delete(`/api/admin/users/${adminId}`).expect(409);
    expect(refused.body).toEqual({
      statusCode: 409,
      code: 'LAST_ADMIN',
      message: 'Cannot delete the last admin user',
      error: 'Conflict',
    });
    await admin.get('/api/auth/me').expect(200);
    expect(await snapshot()).toHaveLength(1);
  });

  it('keeps one admin when two admins delete each other at the same time', async () => {
    await admin
      .post('/api/admin/users')
      .send({ username: 'rival', password: 'bruma-del-valle-5' })
      .expect(201);
    const rival = browser(server.url);
    const rivalLogin = await rival
      .post('/api/auth/login')
      .send({ username: 'rival', password: 'bruma-del-valle-5' })
      .expect(200);
    const [first, second] = await Promise.all([
      admin.delete(`/api/admin/users/${rivalLogin.body.id}`),
      rival.delete(`/api/admin/users/${adminId}`),
    ]);
    // The loser gets 409 (last admin) or 401 (its own session was ended by the winner).
    const statuses = [first.status, second.status];
    expect(statuses.filter((status) => status === 204)).toHaveLength(1);
    expect([401, 409]).toContain(statuses.find((status) => status !== 204));
    expect(await snapshot()).toHaveLength(1);
    // Leave the suite with the first admin, whoever won.
    if (first.status !== 204) {
      await request(server.url).post('/api/auth/create-admin').send(FIRST_ADMIN).expect(403);
    }
  });
});
