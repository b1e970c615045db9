import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { activityLog } from './support/activity-log.js';
import { browser, FIRST_ADMIN, loggedInAdmin, sessionCookie } from './support/http.js';
import {
  ageAuthentication,
  enrolPasskey,
  PASSKEY_ENV,
  passkeySignIn,
  passwordThenPasskey,
  registrationOptions,
} from './support/passkeys.js';
import { PASSKEY_SITE } from './support/passkeys.js';
import { SoftwareAuthenticator } from './support/software-authenticator.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

describe.each(DIALECTS)('passkeys on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  let laptop: SoftwareAuthenticator;
  let laptopId: string;
  const log = activityLog(
    () => admin,
    () => server.dataSource,
  );

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect, PASSKEY_ENV);
    admin = await loggedInAdmin(server.url);
  });
  afterAll(() => server.close());

  it('offers discoverable passkeys for this site, with user verification preferred', async () => {
    const options = await registrationOptions(admin);
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: FIRST_ADMIN.username },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    await request(server.url).post('/api/auth/passkeys/registration-options').expect(401);
    await request(server.url).get('/api/auth/passkeys').expect(401);
    // Without a session the answer is 401 (log in), never the recent-authentication 403.
    await request(server.url).delete('/api/auth/passkeys/00000000-0000-4000-8000-000000000000').expect(401);
  });

  it('registers a named passkey, logs it, and never returns its key', async () => {
    const [entry] = await log.entriesOf(async () => {
      const enrolled = await enrolPasskey(admin, '  Laptop  ');
      laptop = enrolled.authenticator;
      laptopId = enrolled.passkey.id;
      expect(enrolled.passkey).toEqual({
        id: expect.any(String),
        name: 'Laptop',
        createdAt: expect.any(String),
        lastUsedAt: null,
      });
    });
    expect(entry).toMatchObject({ kind: 'passkey.added', actorName: 'admin', details: { name: 'Laptop' } });
    const list = (await admin.get('/api/auth/passkeys').expect(200)).body;
    expect(list).toEqual([{ id: laptopId, name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null }]);
    expect(JSON.stringify(list)).not.toContain(laptop.credentialId);
  });

  it('refuses a name that is missing, too long or hides characters, field by field', async () => {
    for (const [name, code] of [
      ['', 'REQUIRED'],
      ['x'.repeat(61), 'TOO_LONG'],
      ['Lap\u202Etop', 'CONTROL_CHARACTERS'],
    ] as const) {
      const options = await registrationOptions(admin);
      const authenticator = new SoftwareAuthenticator(PASSKEY_SITE);
      const refused = await admin
        .post('/api/auth/passkeys')
        .send({ name, credential: authenticator.register(options) })
        .expect(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'name', code })]);
    }
  });

  it('does not register the same authenticator twice, and lists it among those to exclude', async () => {
    const options = await registrationOptions(admin);
    expect(options.excludeCredentials).toEqual([
      expect.objectContaining({ id: laptop.credentialId, type: 'public-key' }),
    ]);
    const again = await admin
      .post('/api/auth/passkeys')
      .send({ name: 'Again', credential: laptop.register(options) })
      .expect(409);
    expect(again.body.code).toBe('PASSKEY_ALREADY_REGISTERED');
  });

  it('signs in with the passkey alone: a new session, recent authentication, logged with its method', async () => {
    const visitor = browser(server.url);
    // A cookie before signing in (the challenge's session) must not survive the sign-in.
    const asked = await visitor.post('/api/auth/passkeys/authentication-options').expect(200);
    const before = sessionCookie(asked);
    expect(asked.body.options).toMatchObject({
      rpId: 'localhost',
      userVerification: 'preferred',
      allowCredentials: [],
    });
    const [entry] = await log.entriesOf(async () => {
      const signedIn = await visitor
        .post('/api/auth/passkeys/sign-in')
        .send({ credential: laptop.assert(asked.body.options) })
        .expect(200);
      expect(signedIn.body).toMatchObject({ username: 'admin' });
      const after = sessionCookie(signedIn);
      expect(after).toBeDefined();
      expect(after!.split(';')[0]).not.toBe(before?.split(';')[0]);
    });
    expect(entry).toMatchObject({
      kind: 'login.succeeded',
      actorName: 'admin',
      details: { method: 'passkey' },
    });
    await visitor.get('/api/auth/me').expect(200);
    // Counts as a fresh proof of identity: a dangerous action passes the check (and finds nothing to remove).
    const passedCheck = await visitor.delete('/api/auth/passkeys/00000000-0000-4000-8000-000000000000');
    expect(passedCheck.body.code).toBe('PASSKEY_NOT_FOUND');
    const sessions = (await visitor.get('/api/auth/sessions').expect(200)).body as { current: boolean }[];
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    const [listed] = (await visitor.get('/api/auth/passkeys').expect(200)).body;
    expect(listed.lastUsedAt).toEqual(expect.any(String));
    await visitor.post('/api/auth/logout').expect(200);
  });

  it('removing a passkey needs a recent re-authentication, which a passkey gives; other sessions end', async () => {
    // The account has a passkey now: the password alone is not enough to log in.
    const other = browser(server.url);
    expect((await passwordThenPasskey(other, FIRST_ADMIN, laptop)).status).toBe(200);
    const second = await enrolPasskey(admin, 'Phone');
    await ageAuthentication(server.dataSource);
    const refused = await admin.delete(`/api/auth/passkeys/${second.passkey.id}`).expect(403);
    expect(refused.body.code).toBe('REAUTHENTICATION_REQUIRED');
    const confirmed = await passkeySignIn(
      admin,
      second.authenticator,
      {},
      '/api/auth/passkeys/reauthenticate',
    );
    expect(confirmed.status).toBe(200);
    const [entry] = await log.entriesOf(() =>
      admin.delete(`/api/auth/passkeys/${second.passkey.id}`).expect(204),
    );
    expect(entry).toMatchObject({ kind: 'passkey.removed', details: { name: 'Phone', sessionsEnded: 1 } });
    await other.get('/api/auth/me').expect(401);
    await admin.get('/api/auth/me').expect(200);
    await admin.delete(`/api/auth/passkeys/${second.passkey.id}`).expect(404);
    const names = ((await admin.get('/api/auth/passkeys').expect(200)).body as { name: string }[]).map(
      (passkey) => passkey.name,
    );
    expect(names).toEqual(['Laptop']);
  });

  it("cannot remove another admin's passkey", async () => {
    await admin
      .post('/api/admin/users')
      .send({ username: 'segunda', password: 'brújula-de-latón-4' })
      .expect(201);
    const second = browser(server.url);
    await second
      .post('/api/auth/login')
      .send({ username: 'segunda', password: 'brújula-de-latón-4' })
      .expect(200);
    const refused = await second.delete(`/api/auth/passkeys/${laptopId}`).expect(404);
    expect(refused.body.code).toBe('PASSKEY_NOT_FOUND');
    // Nor confirm who they are with it.
    const borrowed = await passkeySignIn(second, laptop, {}, '/api/auth/passkeys/reauthenticate');
    expect(borrowed.status).toBe(401);
    expect(borrowed.body.code).toBe('PASSKEY_REJECTED');
  });

  it('deleting an admin deletes their passkeys', async () => {
    const count = async () =>
      Number((await server.dataSource.query('SELECT COUNT(*) AS n FROM passkey'))[0].n);
    await admin
      .post('/api/admin/users')
      .send({ username: 'tercera', password: 'faro-del-sur-72b' })
      .expect(201);
    const third = browser(server.url);
    await third
      .post('/api/auth/login')
      .send({ username: 'tercera', password: 'faro-del-sur-72b' })
      .expect(200);
    await enrolPasskey(third, 'Llave');
    expect(await count()).toBe(2);
    await admin.delete(`/api/admin/users/${await idOf('tercera')}`).expect(204);
    expect(await count()).toBe(1);
  });

  async function idOf(username: string): Promise<string> {
    const users = (await admin.get('/api/admin/users').expect(200)).body as {
      id: string;
      username: string;
    }[];
    return users.find((user) => user.username === username)!.id;
  }

  it('the log never holds a credential id or key', async () => {
    const rows = (await server.dataSource.query('SELECT details FROM activity_entry')) as {
      details: unknown;
    }[];
    const text = JSON.stringify(rows);
    expect(text).not.toContain(laptop.credentialId);
    const [stored] = (await server.dataSource.query('SELECT public_key FROM passkey')) as {
      public_key: string;
    }[];
    expect(text).not.toContain(stored.public_key.slice(0, 40));
  });
});
