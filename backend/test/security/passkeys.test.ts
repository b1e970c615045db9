// Hostile passkey answers over real HTTP: each is a real ES256 signature from the software
// authenticator with one part bent (a replay, another origin, another relying party, an
// unknown credential, a counter that went back, a stale or reused challenge). Every one is
// refused, logged as a failed passkey, and counted like a wrong password.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent.js';
import { browser, loggedInAdmin } from '../support/http.js';
import {
  authenticationOptions,
  enrolPasskey,
  PASSKEY_ENV,
  PASSKEY_SITE,
  passkeySignIn,
  registrationOptions,
} from '../support/passkeys.js';
import { SignInChallenges } from '../../src/auth/passkeys/passkey-challenge.js';
import { SoftwareAuthenticator } from '../support/software-authenticator.js';
import { DIALECTS, startAppOnFreshDatabase } from '../support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

describe.each(DIALECTS)('hostile passkey answers on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  let key: SoftwareAuthenticator;

  const failures = async () =>
    Number(
      (
        await server.dataSource.query(
          "SELECT COUNT(*) AS n FROM activity_entry WHERE kind = 'passkey.failed'",
        )
      )[0].n,
    );
  /** Expects `answer` to be refused as PASSKEY_REJECTED, with one more failure in the log and no session. */
  async function expectRejected(
    visitor: TestAgent,
    send: () => Promise<{ status: number; body: { code?: string } }>,
  ) {
    const before = await failures();
    const answer = await send();
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe('PASSKEY_REJECTED');
    expect(await failures()).toBe(before + 1);
    await visitor.get('/api/auth/me').expect(401);
  }

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect, PASSKEY_ENV);
    admin = await loggedInAdmin(server.url);
    key = (await enrolPasskey(admin)).authenticator;
  });
  afterAll(() => server.close());

  it('a replayed assertion is refused: its challenge is used up, from any browser, and the replay is logged', async () => {
    const visitor = browser(server.url);
    const options = await authenticationOptions(visitor);
    const assertion = key.assert(options);
    await visitor.post('/api/auth/passkeys/sign-in').send({ credential: assertion }).expect(200);
    await visitor.post('/api/auth/logout').expect(200);
    // The same bytes again, from the same browser and from another one that asked for its own
    // challenge: no session keeps a sign-in's challenge, the passkey's use spent it.
    for (const replayer of [visitor, browser(server.url)]) {
      await authenticationOptions(replayer);
      const before = await failures();
      const again = await replayer
        .post('/api/auth/passkeys/sign-in')
        .send({ credential: assertion })
        .expect(400);
      expect(again.body.code).toBe('PASSKEY_CHALLENGE_EXPIRED');
      expect(await failures()).toBe(before + 1);
      await replayer.get('/api/auth/me').expect(401);
    }
  });

  it('a challenge works once: a second signature over it is refused', async () => {
    const visitor = browser(server.url);
    const options = await authenticationOptions(visitor);
    await visitor
      .post('/api/auth/passkeys/sign-in')
      .send({ credential: key.assert(options) })
      .expect(200);
    await visitor.post('/api/auth/logout').expect(200);
    const second = await visitor.post('/api/auth/passkeys/sign-in').send({ credential: key.assert(options) });
    expect(second.status).toBe(400);
    expect(second.body.code).toBe('PASSKEY_CHALLENGE_EXPIRED');
  });

  it('refuses an assertion made for another origin', async () => {
    const visitor = browser(server.url);
    await expectRejected(visitor, () => passkeySignIn(visitor, key, { origin: 'https://evil.example' }));
    await expectRejected(visitor, () => passkeySignIn(visitor, key, { origin: 'http://localhost:9999' }));
  });

  it('refuses an assertion made for another relying party', async () => {
    const visitor = browser(server.url);
    await expectRejected(visitor, () => passkeySignIn(visitor, key, { rpID: 'evil.example' }));
  });

  it('refuses an unknown credential, even with a valid signature', async () => {
    const visitor = browser(server.url);
    const stranger = new SoftwareAuthenticator(PASSKEY_SITE);
    await expectRejected(visitor, () => passkeySignIn(visitor, stranger));
    await expectRejected(visitor, () => passkeySignIn(visitor, key, { credentialId: stranger.credentialId }));
  });

  it('refuses a counter that went back (a cloned authenticator), as the library rules', async () => {
    const visitor = browser(server.url);
    // The counter the server last accepted (refused attempts moved only the authenticator's own).
    const [{ counter }] = (await server.dataSource.query(
      "SELECT counter FROM passkey WHERE name = 'Laptop'",
    )) as {
      counter: string | number;
    }[];
    const current = Number(counter);
    expect(current).toBeGreaterThan(0);
    await expectRejected(visitor, () => passkeySignIn(visitor, key, { counter: current }));
    await expectRejected(visitor, () => passkeySignIn(visitor, key, { counter: Math.max(current - 1, 0) }));
    // The real authenticator, one step on, still works.
    const ok = await passkeySignIn(visitor, key, { counter: current + 1 });
    expect(ok.status).toBe(200);
    await visitor.post('/api/auth/logout').expect(200);
  });

  it('refuses a challenge older than 5 minutes, one the server did not sign, and one issued for the other ceremony', async () => {
    const visitor = browser(server.url);
    // A sign-in's challenge is signed and says when it was issued: one from 5 minutes and a
    // second ago, one with a bit changed, one the server never made.
    const challenges = server.app.get(SignInChallenges);
    const old = Buffer.from(challenges.issue(Date.now() - 5 * 60_000 - 1_000)).toString('base64url');
    const fresh = Buffer.from(challenges.issue());
    fresh[3] ^= 1;
    for (const challenge of [old, fresh.toString('base64url'), randomBytes(57).toString('base64url')]) {
      const refused = await visitor
        .post('/api/auth/passkeys/sign-in')
        .send({ credential: key.assert({ challenge }) });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('PASSKEY_CHALLENGE_EXPIRED');
    }
    // A registration challenge cannot finish a sign-in.
    const registration = await registrationOptions(admin);
    const crossed = await admin
      .post('/api/auth/passkeys/sign-in')
      .send({ credential: key.assert({ challenge: registration.challenge }) });
    expect(crossed.status).toBe(400);
    expect(crossed.body.code).toBe('PASSKEY_CHALLENGE_EXPIRED');
  });

  it('refuses a registration for another origin or relying party, or over a used challenge', async () => {
    for (const overrides of [{ origin: 'https://evil.example' }, { rpID: 'evil.example' }]) {
      const options = await registrationOptions(admin);
      const refused = await admin
        .post('/api/auth/passkeys')
        .send({
          name: 'Evil',
          credential: new SoftwareAuthenticator(PASSKEY_SITE).register(options, overrides),
        })
        .expect(400);
      expect(refused.body.code).toBe('PASSKEY_REJECTED');
    }
    const options = await registrationOptions(admin);
    const fresh = new SoftwareAuthenticator(PASSKEY_SITE);
    const made = fresh.register(options);
    await admin.post('/api/auth/passkeys').send({ name: 'Once', credential: made }).expect(201);
    const twice = await admin
      .post('/api/auth/passkeys')
      .send({ name: 'Twice', credential: made })
      .expect(400);
    expect(twice.body.code).toBe('PASSKEY_CHALLENGE_EXPIRED');
  });

  it('refuses malformed answers field by field, never with a server error', async () => {
    await authenticationOptions(admin);
    const bad = await admin
      .post('/api/auth/passkeys/sign-in')
      .send({
        credential: { id: 'a b', rawId: 'x', type: 'password', response: {}, clientExtensionResults: {} },
      })
      .expect(400);
    const fields = (bad.body.errors as { field: string }[]).map((error) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['credential.id', 'credential.type']));
  });

  it('counts failures like wrong passwords: the 11th attempt in a row is throttled, even a valid one', async () => {
    const visitor = browser(server.url);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await passkeySignIn(visitor, key, { origin: 'https://evil.example' })).status).toBe(401);
    }
    const blocked = await passkeySignIn(visitor, key);
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('logs each refusal without any credential material', async () => {
    const rows = (await server.dataSource.query(
      "SELECT details FROM activity_entry WHERE kind = 'passkey.failed'",
    )) as { details: unknown }[];
    expect(rows.length).toBeGreaterThan(5);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(key.credentialId);
    expect(text).not.toMatch(/signature|clientDataJSON|authenticatorData/);
  });
});
