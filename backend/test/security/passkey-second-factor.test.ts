// Hostile answers at the passkey step after the password: each is a real ES256 signature with
// one part bent (another origin or relying party, a challenge of another ceremony or used
// twice, a password given too long ago). Every one is refused without a session, logged as a
// failed second factor without credential material, and counted like a wrong password.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type TestAgent from 'supertest/lib/agent.js';
import { browser, FIRST_ADMIN, loggedInAdmin } from '../support/http.js';
import {
  authenticationOptions,
  editSessions,
  enrolPasskey,
  PASSKEY_ENV,
  secondFactorOptions,
} from '../support/passkeys.js';
import type { SoftwareAuthenticator } from '../support/software-authenticator.js';
import { DIALECTS, startAppOnFreshDatabase } from '../support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

describe.each(DIALECTS)('hostile answers at the passkey second step on %s', (dialect) => {
  let server: Started;
  let key: SoftwareAuthenticator;

  const failures = async () =>
    Number(
      (
        await server.dataSource.query(
          "SELECT COUNT(*) AS n FROM activity_entry WHERE kind = 'mfa.second_factor_failed'",
        )
      )[0].n,
    );
  /** The password, then `send` at the second step: refused with `code`, and still no session. */
  async function expectRefused(
    code: string,
    send: (visitor: TestAgent) => Promise<{ status: number; body: { code?: string } }>,
  ) {
    const visitor = browser(server.url);
    await visitor.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    const answer = await send(visitor);
    expect(answer.body.code).toBe(code);
    await visitor.get('/api/auth/me').expect(401);
    return answer;
  }
  const answer = (visitor: TestAgent, credential: unknown) =>
    visitor.post('/api/auth/second-factor/passkey').send({ credential });

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect, PASSKEY_ENV);
    const admin = await loggedInAdmin(server.url);
    key = (await enrolPasskey(admin)).authenticator;
  });
  afterAll(() => server.close());

  it('refuses an assertion made for another origin or relying party', async () => {
    for (const overrides of [{ origin: 'https://evil.example' }, { rpID: 'evil.example' }]) {
      const before = await failures();
      await expectRefused('PASSKEY_REJECTED', async (visitor) =>
        answer(visitor, key.assert(await secondFactorOptions(visitor), overrides)),
      );
      expect(await failures()).toBe(before + 1);
    }
  });

  it('a challenge works once: a second signature over it is refused', async () => {
    await expectRefused('PASSKEY_CHALLENGE_EXPIRED', async (visitor) => {
      const options = await secondFactorOptions(visitor);
      expect((await answer(visitor, key.assert(options, { origin: 'https://evil.example' }))).status).toBe(
        401,
      );
      return answer(visitor, key.assert(options));
    });
  });

  it('a challenge of the username-less sign-in cannot finish the second step, nor the other way round', async () => {
    await expectRefused('PASSKEY_CHALLENGE_EXPIRED', async (visitor) =>
      answer(visitor, key.assert(await authenticationOptions(visitor))),
    );
    await expectRefused('PASSKEY_CHALLENGE_EXPIRED', async (visitor) => {
      const options = await secondFactorOptions(visitor);
      return visitor.post('/api/auth/passkeys/sign-in').send({ credential: key.assert(options) });
    });
  });

  it('refuses the step once the password is over 5 minutes old', async () => {
    await expectRefused('NO_SECOND_FACTOR_PENDING', async (visitor) => {
      const options = await secondFactorOptions(visitor);
      await editSessions(server.dataSource, (data) => {
        const pending = data.secondFactorPending as { since: number } | undefined;
        if (pending) pending.since = Date.now() - 6 * 60_000;
      });
      return answer(visitor, key.assert(options));
    });
  });

  it('counts failures like wrong passwords: after 10 in a row even a valid passkey is throttled', async () => {
    const visitor = browser(server.url);
    await visitor.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    // The refusals of the tests above count too (a right password clears nothing while a factor is owed).
    for (let failed = await failures(); failed < 10; failed += 1) {
      const options = await secondFactorOptions(visitor);
      expect((await answer(visitor, key.assert(options, { origin: 'https://evil.example' }))).status).toBe(
        401,
      );
    }
    const blocked = await answer(visitor, key.assert(await secondFactorOptions(visitor)));
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    expect(blocked.headers['retry-after']).toBeDefined();
    await visitor.get('/api/auth/me').expect(401);
    // The password step is blocked for this account and client as well.
    expect((await browser(server.url).post('/api/auth/login').send(FIRST_ADMIN)).status).toBe(429);
  });

  it('logs each refusal without any credential material', async () => {
    const rows = (await server.dataSource.query(
      "SELECT details FROM activity_entry WHERE kind = 'mfa.second_factor_failed'",
    )) as { details: unknown }[];
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(key.credentialId);
    expect(text).not.toMatch(/signature|clientDataJSON|authenticatorData|challenge/);
  });
});
