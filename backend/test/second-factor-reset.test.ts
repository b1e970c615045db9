import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type TestAgent from 'supertest/lib/agent.js';
import { resetMfaCommand } from '../src/auth/second-factor/reset/reset-mfa.command.js';
import { browser, FIRST_ADMIN, loggedInAdmin } from './support/http.js';
import { enrolPasskey, PASSKEY_ENV } from './support/passkeys.js';
import { ageAuthentication, enrolTotp, forgetUsedCodes, totpCode } from './support/second-factor.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
const OTHER = { username: 'segunda', password: 'brújula-de-latón-4' };

describe.each(DIALECTS)('resetting a lost second factor on %s', (dialect) => {
  let server: Started;
  let desk: TestAgent;
  let secret: string;
  let otherId: string;

  const login = (credentials: typeof FIRST_ADMIN) =>
    browser(server.url).post('/api/auth/login').send(credentials);
  const countOf = async (table: string) =>
    Number((await server.dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`))[0].n);

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect, PASSKEY_ENV);
    desk = await loggedInAdmin(server.url);
    ({ secret } = await enrolTotp(desk));
    await enrolPasskey(desk, 'Laptop');
    otherId = (await desk.post('/api/admin/users').send(OTHER).expect(201)).body.id;
  });
  afterAll(() => server.close());

  const passkeysOf = async (adminId: string) =>
    Number(
      (await server.dataSource.query('SELECT COUNT(*) AS n FROM passkey WHERE admin_id = ?', [adminId]))[0].n,
    );

  it('another admin resets them (app and passkeys) after re-authenticating; the account logs in with its password again', async () => {
    const other = browser(server.url);
    await other.post('/api/auth/login').send(OTHER).expect(200);
    await enrolTotp(other);
    await enrolPasskey(other, 'Teléfono');
    expect(await passkeysOf(otherId)).toBe(1);
    await ageAuthentication(server.dataSource);
    const refused = await desk.post(`/api/admin/users/${otherId}/reset-second-factors`).expect(403);
    expect(refused.body.code).toBe('REAUTHENTICATION_REQUIRED');
    await desk.post('/api/auth/reauthenticate').send({ password: FIRST_ADMIN.password }).expect(200);
    expect((await desk.post(`/api/admin/users/${otherId}/reset-second-factors`).expect(200)).body).toEqual({
      removed: 2,
    });
    expect(await passkeysOf(otherId)).toBe(0);
    await other.get('/api/auth/me').expect(401); // their sessions ended
    expect((await login(OTHER).expect(200)).body.pendingStep).toBeUndefined();
    const [entry] = (await desk.get('/api/admin/activity').query({ kind: 'mfa.factors_reset' }).expect(200))
      .body.items;
    expect(entry).toMatchObject({
      actorName: 'admin',
      details: { adminId: otherId, username: 'segunda', removed: 2 },
    });
  });

  it("not one's own, and not an unknown account", async () => {
    const me = (await desk.get('/api/auth/me').expect(200)).body.id;
    expect((await desk.post(`/api/admin/users/${me}/reset-second-factors`).expect(409)).body.code).toBe(
      'OWN_SECOND_FACTORS_RESET',
    );
    await desk.post('/api/admin/users/0b9a6f0e-8d1c-4c59-9d6e-3f1f7a1c2b3d/reset-second-factors').expect(404);
  });

  it('the last admin is reset on the server with npm run admin:reset-mfa (app and passkeys), which says what it did', async () => {
    await forgetUsedCodes(server.dataSource);
    const phone = browser(server.url);
    await phone.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    await phone
      .post('/api/auth/second-factor')
      .send({ code: await totpCode(secret) })
      .expect(200);
    const lines: string[] = [];
    const print = (line: string) => lines.push(line);
    expect(await resetMfaCommand([], server.database.env, print)).toBe(2);
    expect(await resetMfaCommand(['nadie'], server.database.env, print)).toBe(1);
    expect(await resetMfaCommand(['admin'], server.database.env, print)).toBe(0);
    expect(lines).toEqual([
      'usage: npm run admin:reset-mfa -- <username>',
      'No administrator is called "nadie"; nothing changed.',
      expect.stringMatching(/^Reset the second factors of "admin": 2 factor\(s\) .* 2 session\(s\) ended/),
    ]);
    expect(await countOf('admin_totp_factor')).toBe(0);
    expect(await countOf('passkey')).toBe(0);
    expect(await countOf('admin_recovery_code')).toBe(0);
    await phone.get('/api/auth/me').expect(401);
    expect((await login(FIRST_ADMIN).expect(200)).body.pendingStep).toBeUndefined();
    const entries = (
      await (
        await loggedInAgain()
      )
        .get('/api/admin/activity')
        .query({ kind: 'mfa.factors_reset' })
        .expect(200)
    ).body.items;
    expect(entries[0]).toMatchObject({
      actorId: null,
      actorName: null,
      details: { username: 'admin', removed: 2 },
    });
  });

  async function loggedInAgain(): Promise<TestAgent> {
    const agent = browser(server.url);
    await agent.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    return agent;
  }
});
