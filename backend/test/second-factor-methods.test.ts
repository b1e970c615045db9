// After a right password, the login answer and the status say which ways the account can give
// its second factor (a code, a passkey, or both), so the page offers only those; nobody without
// a pending second step learns how any account is protected.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type TestAgent from 'supertest/lib/agent.js';
import { browser, loggedInAdmin } from './support/http.js';
import { editSessions, enrolPasskey, PASSKEY_ENV } from './support/passkeys.js';
import { enrolTotp } from './support/second-factor.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
const CODE_ONLY = { username: 'solo-codigo', password: 'brújula-de-latón-4' };
const PASSKEY_ONLY = { username: 'solo-llave', password: 'farol-de-cobre-junto-al-río' };
const BOTH = { username: 'ambas', password: 'velero-azul-en-la-bahía-9' };

describe.each(DIALECTS)('the ways to give the second factor on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;

  /** A new browser that gave the account's right password; returns it and the login answer. */
  async function passwordGiven(credentials: { username: string; password: string }) {
    const agent = browser(server.url);
    const login = await agent.post('/api/auth/login').send(credentials).expect(200);
    return { agent, login: login.body as Record<string, unknown> };
  }

  /** Creates an admin and logs a browser in as them (no factor yet, so no second step). */
  async function newAdmin(credentials: { username: string; password: string }): Promise<TestAgent> {
    await admin.post('/api/admin/users').send(credentials).expect(201);
    const agent = browser(server.url);
    const login = await agent.post('/api/auth/login').send(credentials).expect(200);
    expect(login.body.pendingStep).toBeUndefined();
    expect(login.body.secondFactorMethods).toBeUndefined();
    return agent;
  }

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect, PASSKEY_ENV);
    admin = await loggedInAdmin(server.url);
    await enrolTotp(await newAdmin(CODE_ONLY));
    await enrolPasskey(await newAdmin(PASSKEY_ONLY), 'Llave USB');
    const both = await newAdmin(BOTH);
    await enrolTotp(both);
    await enrolPasskey(both, 'Teléfono');
  });
  afterAll(() => server.close());

  it.each([
    ['an authenticator app (and its recovery codes)', CODE_ONLY, ['code']],
    ['only a passkey', PASSKEY_ONLY, ['passkey']],
    ['both', BOTH, ['code', 'passkey']],
  ])(
    'an account with %s is offered exactly that, at login and in the status',
    async (_, account, methods) => {
      const { agent, login } = await passwordGiven(account);
      expect(login).toMatchObject({
        username: account.username,
        pendingStep: 'second-factor',
        secondFactorMethods: methods,
      });
      // After a reload the page asks the status, which says the same.
      expect((await agent.get('/api/auth/status').expect(200)).body).toEqual({
        adminExists: true,
        secondFactorPending: true,
        secondFactorMethods: methods,
      });
      await agent.get('/api/auth/me').expect(401);
    },
  );

  it('says nothing of methods to a browser without a pending second step', async () => {
    const stranger = browser(server.url);
    expect((await stranger.get('/api/auth/status').expect(200)).body).toEqual({
      adminExists: true,
      secondFactorPending: false,
    });
    // A wrong password reveals nothing of the account's factors either.
    const refused = await stranger
      .post('/api/auth/login')
      .send({ username: BOTH.username, password: 'not-the-password' })
      .expect(401);
    expect(refused.body).not.toHaveProperty('secondFactorMethods');
    expect((await stranger.get('/api/auth/status').expect(200)).body.secondFactorMethods).toBeUndefined();
    // A logged-in admin's own status carries none.
    expect((await admin.get('/api/auth/status').expect(200)).body).toEqual({
      adminExists: true,
      secondFactorPending: false,
    });
  });

  it('says nothing once the password is too old to finish the second step', async () => {
    const { agent } = await passwordGiven(PASSKEY_ONLY);
    await editSessions(server.dataSource, (data) => {
      const pending = data.secondFactorPending as { since: number } | undefined;
      if (pending) pending.since = Date.now() - 6 * 60_000;
    });
    expect((await agent.get('/api/auth/status').expect(200)).body).toEqual({
      adminExists: true,
      secondFactorPending: false,
    });
  });
});
