import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { FIRST_ADMIN, loggedInAdmin } from './support/http.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

/** Collects a binary response body (supertest parses only text and JSON by itself). */
const binary = ((res: NodeJS.ReadableStream, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}) as unknown as Parameters<request.Test['parse']>[0];

describe.each(DIALECTS)('recent re-authentication on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  let otherId: string;
  let backup: Buffer;
  const counts = async () => ({
    admins: Number((await server.dataSource.query('SELECT COUNT(*) AS n FROM admin_user'))[0].n),
    shops: Number((await server.dataSource.query('SELECT COUNT(*) AS n FROM shop'))[0].n),
    hashes: await server.dataSource.query('SELECT id, password_hash FROM admin_user ORDER BY id'),
  });

  /** Moves every session's last password check 6 minutes into the past, as if the admin had left the desk. */
  async function ageAuthentication(): Promise<void> {
    const rows = (await server.dataSource.query('SELECT sid, data FROM session')) as {
      sid: string;
      data: string;
    }[];
    for (const row of rows) {
      const data = JSON.parse(row.data) as { authenticatedAt?: number };
      data.authenticatedAt = Date.now() - 6 * 60_000;
      await server.dataSource.query('UPDATE session SET data = ? WHERE sid = ?', [
        JSON.stringify(data),
        row.sid,
      ]);
    }
  }
  const restore = (query = '') =>
    admin
      .post(`/api/admin/backup/restore${query}`)
      .attach('backupFile', backup, { filename: 'b.zip', contentType: 'application/zip' });
  const previewRestore = () =>
    admin
      .post('/api/admin/backup/restore/preview')
      .attach('backupFile', backup, { filename: 'b.zip', contentType: 'application/zip' });

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
    admin = await loggedInAdmin(server.url);
    otherId = (
      await admin
        .post('/api/admin/users')
        .send({ username: 'segunda', password: 'brújula-de-latón-4' })
        .expect(201)
    ).body.id;
    backup = (await admin.post('/api/admin/backup/full').buffer(true).parse(binary).expect(200))
      .body as Buffer;
  });
  afterAll(() => server.close());

  it('a login counts as a recent authentication', async () => {
    await previewRestore().expect(200);
    await restore('?dryRun=true').expect(200);
    await restore().expect(200);
  });

  it('refuses a restore, an admin deletion and a password reset with 403, changing nothing', async () => {
    await ageAuthentication();
    const before = await counts();
    const refusals = [
      await restore(),
      await admin.delete(`/api/admin/users/${otherId}`),
      await admin
        .put(`/api/admin/users/${otherId}/reset-password`)
        .send({ newPassword: 'cielo-de-cobre-31', confirmPassword: 'cielo-de-cobre-31' }),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: 'REAUTHENTICATION_REQUIRED', params: { minutes: 5 } });
    }
    expect(await counts()).toEqual(before);
    // Reading and a preview (a route of its own) are not dangerous; a parameter opens nothing.
    await admin.get('/api/admin/users').expect(200);
    await previewRestore().expect(200);
    expect((await restore('?dryRun=true')).status).toBe(403);
  });

  it('a wrong password does not re-authenticate; the right one does, and the actions go through', async () => {
    await ageAuthentication();
    const wrong = await admin
      .post('/api/auth/reauthenticate')
      .send({ password: 'not-my-password' })
      .expect(400);
    expect(wrong.body.errors).toEqual([
      expect.objectContaining({ field: 'password', code: 'CURRENT_PASSWORD_INCORRECT' }),
    ]);
    await admin.delete(`/api/admin/users/${otherId}`).expect(403);
    await admin.post('/api/auth/reauthenticate').send({ password: FIRST_ADMIN.password }).expect(200);
    await admin
      .put(`/api/admin/users/${otherId}/reset-password`)
      .send({ newPassword: 'cielo-de-cobre-31', confirmPassword: 'cielo-de-cobre-31' })
      .expect(200);
    await restore().expect(200);
    await admin.delete(`/api/admin/users/${otherId}`).expect(204);
    expect((await counts()).admins).toBe(1);
  });

  it('re-authentication is rate limited like a login and needs a session', async () => {
    await request(server.url)
      .post('/api/auth/reauthenticate')
      .send({ password: FIRST_ADMIN.password })
      .expect(401);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await admin
        .post('/api/auth/reauthenticate')
        .send({ password: `wrong-${attempt}` })
        .expect(400);
    }
    const blocked = await admin
      .post('/api/auth/reauthenticate')
      .send({ password: FIRST_ADMIN.password })
      .expect(429);
    expect(blocked.body.code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});
