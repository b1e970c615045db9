// A passkey as the step after the password: only a passkey of the account whose password was
// just given finishes the login, no session exists before it, and under the policy an admin
// may set up a passkey instead of an authenticator app.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type TestAgent from 'supertest/lib/agent.js';
import { activityLog } from './support/activity-log.js';
import { browser, FIRST_ADMIN, loggedInAdmin, sessionCookie } from './support/http.js';
import { enrolPasskey, PASSKEY_ENV, passwordThenPasskey, secondFactorOptions } from './support/passkeys.js';
import type { SoftwareAuthenticator } from './support/software-authenticator.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
const OTHER = { username: 'segunda', password: 'brújula-de-latón-4' };

describe.each(DIALECTS)('a passkey as the second factor on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  let laptop: SoftwareAuthenticator;
  let othersKey: SoftwareAuthenticator;
  const log = activityLog(
    () => admin,
    () => server.dataSource,
  );

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect, PASSKEY_ENV);
    admin = await loggedInAdmin(server.url);
    laptop = (await enrolPasskey(admin, 'Laptop')).authenticator;
    await admin.post('/api/admin/users').send(OTHER).expect(201);
    const other = browser(server.url);
    await other.post('/api/auth/login').send(OTHER).expect(200);
    othersKey = (await enrolPasskey(other, 'Teléfono')).authenticator;
  });
  afterAll(() => server.close());

  it('a passkey counts as a second factor: the password alone opens no session', async () => {
    expect((await admin.get('/api/auth/second-factors').expect(200)).body.factors).toEqual([
      { kind: 'passkey', addedAt: expect.any(String) },
    ]);
    const visitor = browser(server.url);
    const login = await visitor.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    expect(login.body.pendingStep).toBe('second-factor');
    await visitor.get('/api/auth/me').expect(401);
    await visitor.get('/api/admin/users').expect(401);
    expect((await visitor.get('/api/auth/status').expect(200)).body.secondFactorPending).toBe(true);
    // The options offer this account's passkey only.
    const options = await secondFactorOptions(visitor);
    expect(options).toMatchObject({
      rpId: 'localhost',
      allowCredentials: [{ id: laptop.credentialId, type: 'public-key' }],
    });
  });

  it('password then passkey logs in: a new session id, recent authentication, logged naming the method', async () => {
    const visitor = browser(server.url);
    const login = await visitor.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    const pendingCookie = sessionCookie(login)!.split(';')[0];
    const options = await secondFactorOptions(visitor);
    const [entry] = await log.entriesOf(async () => {
      const done = await visitor
        .post('/api/auth/second-factor/passkey')
        .send({ credential: laptop.assert(options) })
        .expect(200);
      expect(done.body).toMatchObject({ username: 'admin' });
      expect(sessionCookie(done)!.split(';')[0]).not.toBe(pendingCookie);
    });
    expect(entry).toMatchObject({
      kind: 'login.succeeded',
      actorName: 'admin',
      details: { method: 'password', secondFactor: 'passkey' },
    });
    expect((await visitor.get('/api/auth/me').expect(200)).body.pendingStep).toBeUndefined();
    expect((await visitor.get('/api/auth/status').expect(200)).body.secondFactorPending).toBe(false);
    // A fresh proof of identity: a dangerous action passes the check (and finds nothing to remove).
    const passedCheck = await visitor.delete('/api/auth/passkeys/00000000-0000-4000-8000-000000000000');
    expect(passedCheck.body.code).toBe('PASSKEY_NOT_FOUND');
    await visitor.post('/api/auth/logout').expect(200);
  });

  it('refuses a passkey of another admin at the second step, as a failed second factor', async () => {
    const visitor = browser(server.url);
    const [entry] = await log.entriesOf(async () => {
      const refused = await passwordThenPasskey(visitor, FIRST_ADMIN, othersKey);
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('PASSKEY_REJECTED');
    });
    expect(entry).toMatchObject({
      kind: 'mfa.second_factor_failed',
      actorName: 'admin',
      details: { factor: 'passkey', reason: 'other_account' },
    });
    await visitor.get('/api/auth/me').expect(401);
    // Nor does it log its own owner in from a session that gave another account's password.
    await visitor.get('/api/admin/users').expect(401);
  });

  it('refuses a replayed assertion, and an assertion sent twice over one challenge', async () => {
    const visitor = browser(server.url);
    await visitor.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    const assertion = laptop.assert(await secondFactorOptions(visitor));
    await visitor.post('/api/auth/second-factor/passkey').send({ credential: assertion }).expect(200);
    // The same answer again on the now logged-in session: nothing waits for a second step.
    const again = await visitor.post('/api/auth/second-factor/passkey').send({ credential: assertion });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('NO_SECOND_FACTOR_PENDING');
    await visitor.post('/api/auth/logout').expect(200);
    // After a new password and a new challenge, the old answer does not match it.
    const thief = browser(server.url);
    await thief.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    await secondFactorOptions(thief);
    const replayed = await thief.post('/api/auth/second-factor/passkey').send({ credential: assertion });
    expect(replayed.status).toBe(401);
    expect(replayed.body.code).toBe('PASSKEY_REJECTED');
    await thief.get('/api/auth/me').expect(401);
  });

  it('there is no passkey step without the password first', async () => {
    const visitor = browser(server.url);
    const options = await visitor.post('/api/auth/second-factor/passkey/options').expect(401);
    expect(options.body.code).toBe('NO_SECOND_FACTOR_PENDING');
    // Even with a challenge from the username-less sign-in in the session.
    const signIn = (await visitor.post('/api/auth/passkeys/authentication-options').expect(200)).body.options;
    const refused = await visitor
      .post('/api/auth/second-factor/passkey')
      .send({ credential: laptop.assert(signIn) })
      .expect(401);
    expect(refused.body.code).toBe('NO_SECOND_FACTOR_PENDING');
    await visitor.get('/api/auth/me').expect(401);
  });
});

describe.each(DIALECTS)('a passkey instead of an app under the policy on %s', (dialect) => {
  let server: Started;

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect, { ...PASSKEY_ENV, MFA_REQUIRED: 'true' });
  });
  afterAll(() => server.close());

  it('an admin sent to enrolment may register a passkey, which opens every page and is asked for next time', async () => {
    const desk = await loggedInAdmin(server.url);
    expect((await desk.get('/api/auth/me').expect(200)).body.pendingStep).toBe('enrolment');
    expect((await desk.get('/api/admin/users').expect(403)).body.code).toBe(
      'SECOND_FACTOR_ENROLMENT_REQUIRED',
    );
    const { authenticator, passkey } = await enrolPasskey(desk, 'Laptop');
    expect((await desk.get('/api/auth/me').expect(200)).body.pendingStep).toBeUndefined();
    await desk.get('/api/admin/users').expect(200);
    // The only factor stays while the policy requires one.
    const refused = await desk.delete(`/api/auth/passkeys/${passkey.id}`).expect(409);
    expect(refused.body.code).toBe('LAST_SECOND_FACTOR');

    const next = browser(server.url);
    const answer = await passwordThenPasskey(next, FIRST_ADMIN, authenticator);
    expect(answer.status).toBe(200);
    expect((await next.get('/api/auth/me').expect(200)).body.pendingStep).toBeUndefined();
    await next.get('/api/admin/users').expect(200);
  });
});
