import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type TestAgent from 'supertest/lib/agent.js';
import { FIRST_ADMIN, loggedInAdmin } from './support/http.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

describe.each(DIALECTS)('password strength and look-alike usernames on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  let otherId: string;
  const usernames = async () =>
    (
      (await server.dataSource.query('SELECT username FROM admin_user ORDER BY username')) as {
        username: string;
      }[]
    ).map((row) => row.username);
  const hashes = () => server.dataSource.query('SELECT id, password_hash FROM admin_user ORDER BY id');

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
    admin = await loggedInAdmin(server.url);
    const other = await admin
      .post('/api/admin/users')
      .send({ username: 'supervisor', password: 'reloj-de-arena-azul' })
      .expect(201);
    otherId = other.body.id;
  });
  afterAll(() => server.close());

  it('refuses a weak password at creation with zxcvbn keys for the reason, and creates nothing', async () => {
    for (const password of ['contraseña', 'password1', 'qwerty123', 'tercero2026', 'aaaaaaaaaa', 'tercero']) {
      const response = await admin
        .post('/api/admin/users')
        .send({ username: 'tercero', password })
        .expect(400);
      expect(response.body).toMatchObject({
        code: 'WEAK_PASSWORD',
        errors: [{ field: 'password', code: 'WEAK_PASSWORD', params: expect.any(Object) }],
      });
      const { warning, suggestion } = response.body.errors[0].params;
      expect(typeof warning).toBe('string');
      expect(typeof suggestion).toBe('string');
      expect(JSON.stringify(response.body)).not.toContain(password);
    }
    expect(await usernames()).toEqual(['admin', 'supervisor']);
    await admin
      .post('/api/admin/users')
      .send({ username: 'tercero', password: 'grulla-de-papel-7' })
      .expect(201);
  });

  it('names the reason: a common password, the username itself', async () => {
    const common = await admin
      .post('/api/admin/users')
      .send({ username: 'cuarto', password: 'password1' })
      .expect(400);
    expect(common.body.errors[0].params.warning).toMatch(/common|topHundred|topTen/);
    const own = await admin
      .post('/api/admin/users')
      .send({ username: 'cuartoarmero', password: 'cuartoarmero' });
    expect(own.status).toBe(400);
    expect(own.body.errors[0].params.warning).toBe('userInputs');
  });

  it('refuses a weak password at a reset and at a change, and keeps the old one', async () => {
    const before = await hashes();
    const reset = await admin
      .put(`/api/admin/users/${otherId}/reset-password`)
      .send({ newPassword: 'supervisor', confirmPassword: 'supervisor' })
      .expect(400);
    expect(reset.body.errors[0]).toMatchObject({ field: 'newPassword', code: 'WEAK_PASSWORD' });
    const change = await admin
      .put('/api/auth/change-password')
      .send({ currentPassword: FIRST_ADMIN.password, newPassword: 'qwerty123', confirmPassword: 'qwerty123' })
      .expect(400);
    expect(change.body.errors[0]).toMatchObject({ field: 'newPassword', code: 'WEAK_PASSWORD' });
    expect(await hashes()).toEqual(before);
  });

  it('refuses the first admin with a weak password too', async () => {
    const fresh = await startAppOnFreshDatabase(dialect);
    try {
      const { default: request } = await import('supertest');
      const response = await request(fresh.url)
        .post('/api/auth/create-admin')
        .send({ username: 'admin', password: 'admin123' })
        .expect(400);
      expect(response.body.code).toBe('WEAK_PASSWORD');
      expect(await fresh.dataSource.query('SELECT id FROM admin_user')).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('refuses a username that looks like an existing one, naming it', async () => {
    for (const lookalike of ['аdmin', 'ADMlN', 'ａｄｍｉｎ', 'adm1n', 'ádmin', 'supervísor', 'superv1sor']) {
      const response = await admin
        .post('/api/admin/users')
        .send({ username: lookalike, password: 'grulla-de-papel-8' })
        .expect(409);
      expect(response.body).toMatchObject({
        code: 'USERNAME_CONFUSABLE',
        errors: [{ field: 'username', code: 'USERNAME_CONFUSABLE' }],
      });
      expect(['admin', 'supervisor']).toContain(response.body.params.similarTo);
    }
    expect(await usernames()).toEqual(['admin', 'supervisor', 'tercero']);
  });

  it('refuses direction-changing and invisible characters with their own codes', async () => {
    const cases: [string, string][] = [
      ['ad\u202Emin2', 'BIDI_CHARACTERS'],
      ['ana\u2067x\u2069', 'BIDI_CHARACTERS'],
      ['ad\u200Bmin2', 'INVISIBLE_CHARACTERS'],
      ['ana\u00A0luisa', 'INVISIBLE_CHARACTERS'],
      ['ana\u3164', 'INVISIBLE_CHARACTERS'],
      ['ana\u00ADluisa', 'INVISIBLE_CHARACTERS'],
      ['ana\u0007luisa', 'CONTROL_CHARACTERS'],
    ];
    for (const [username, code] of cases) {
      const response = await admin
        .post('/api/admin/users')
        .send({ username, password: 'grulla-de-papel-9' })
        .expect(400);
      expect(response.body.errors).toEqual([expect.objectContaining({ field: 'username', code })]);
    }
    expect(await usernames()).toEqual(['admin', 'supervisor', 'tercero']);
  });

  it('still accepts Spanish names with accents and spaces', async () => {
    await admin
      .post('/api/admin/users')
      .send({ username: 'José Pérez', password: 'grulla-de-papel-10' })
      .expect(201);
  });
});
