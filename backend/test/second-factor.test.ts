import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type TestAgent from 'supertest/lib/agent.js';
import { browser, FIRST_ADMIN, loggedInAdmin } from './support/http.js';
import { ageAuthentication, enrolTotp, forgetUsedCodes, totpCode } from './support/second-factor.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

describe.each(DIALECTS)('authenticator codes and recovery codes on %s', (dialect) => {
  let server: Started;
  let desk: TestAgent;
  let secret: string;
  let recoveryCodes: string[];

  /** A new browser that gave the right password; the second factor is still to come. */
  async function passwordGiven(): Promise<TestAgent> {
    const agent = browser(server.url);
    const response = await agent.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    expect(response.body).toMatchObject({ username: 'admin', pendingStep: 'second-factor' });
    return agent;
  }
  const activity = async () =>
    (await desk.get('/api/admin/activity').query({ pageSize: 100 }).expect(200)).body.items as {
      kind: string;
      details: unknown;
    }[];

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
    desk = await loggedInAdmin(server.url);
  });
  afterAll(() => server.close());

  it('start with no factor, then enrol: a secret with its QR code, confirmed by one valid code', async () => {
    expect((await desk.get('/api/auth/second-factors').expect(200)).body).toEqual({
      factors: [],
      recoveryCodesLeft: 0,
      required: false,
      requiredByServer: true,
    });
    const started = (await desk.post('/api/auth/totp/enrolment').expect(200)).body;
    expect(started.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(started.otpauthUri).toContain(`secret=${started.secret}`);
    expect(started.qrCode).toMatch(/^data:image\/png;base64,/);
    // A code of another secret is refused, per field.
    const wrong = await desk.post('/api/auth/totp/enrolment/confirm').send({ code: '000000' }).expect(400);
    expect(wrong.body).toMatchObject({
      code: 'SECOND_FACTOR_INVALID',
      errors: [{ field: 'code', code: 'SECOND_FACTOR_INVALID' }],
    });
    ({ secret, recoveryCodes } = await enrolTotp(desk));
    expect(secret).not.toBe(started.secret); // asking again replaced the unconfirmed secret
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await desk.post('/api/auth/totp/enrolment').expect(409, /TOTP_ALREADY_ENROLLED/);
    const mine = (await desk.get('/api/auth/second-factors').expect(200)).body;
    expect(mine).toMatchObject({ factors: [{ kind: 'totp' }], recoveryCodesLeft: 10 });
    // Stored hashed: no recovery code in the database as given.
    const stored = JSON.stringify(await server.dataSource.query('SELECT * FROM admin_recovery_code'));
    for (const code of recoveryCodes) expect(stored).not.toContain(code.replace('-', ''));
  });

  it('after the password, the session reaches nothing until a code is given', async () => {
    const agent = await passwordGiven();
    await agent.get('/api/auth/me').expect(401);
    await agent.get('/api/admin/users').expect(401);
    await agent
      .post('/api/auth/create-admin')
      .send({ username: 'otro', password: 'brújula-de-latón-4' })
      .expect(403, /ADMIN_ALREADY_EXISTS/);
    expect((await agent.get('/api/auth/status').expect(200)).body).toEqual({
      adminExists: true,
      secondFactorPending: true,
      secondFactorMethods: ['code'],
    });
    const done = await agent.post('/api/auth/second-factor').send({ code: await totpCode(secret) });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ username: 'admin' });
    expect(done.body.pendingStep).toBeUndefined();
    await agent.get('/api/auth/me').expect(200);
    await agent.get('/api/admin/users').expect(200);
  });

  it('a code works once: the same code again is refused, a newer one works', async () => {
    await forgetUsedCodes(server.dataSource);
    const code = await totpCode(secret);
    await (await passwordGiven()).post('/api/auth/second-factor').send({ code }).expect(200);
    const agent = await passwordGiven();
    const reused = await agent.post('/api/auth/second-factor').send({ code });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('SECOND_FACTOR_INVALID');
    await agent.get('/api/auth/me').expect(401);
    await agent
      .post('/api/auth/second-factor')
      .send({ code: await totpCode(secret, 30) })
      .expect(200);
    await agent.get('/api/auth/me').expect(200);
  });

  it('a recovery code works once, in any case and without its dash', async () => {
    const first = await passwordGiven();
    await first
      .post('/api/auth/second-factor')
      .send({ code: recoveryCodes[0].toUpperCase().replace('-', ' ') })
      .expect(200);
    const second = await passwordGiven();
    await second.post('/api/auth/second-factor').send({ code: recoveryCodes[0] }).expect(400);
    await second.post('/api/auth/second-factor').send({ code: recoveryCodes[1] }).expect(200);
    expect((await desk.get('/api/auth/second-factors').expect(200)).body.recoveryCodesLeft).toBe(8);
  });

  it('without the password first there is nothing to give a code to', async () => {
    const stranger = browser(server.url);
    const refused = await stranger.post('/api/auth/second-factor').send({ code: '123456' }).expect(401);
    expect(refused.body.code).toBe('NO_SECOND_FACTOR_PENDING');
  });

  it('logs factor added, recovery code used and failed second factor, never a secret or a code', async () => {
    const entries = await activity();
    const kinds = entries.map((entry) => entry.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['mfa.factor_added', 'mfa.recovery_code_used', 'mfa.second_factor_failed']),
    );
    const text = JSON.stringify(entries);
    expect(text).not.toContain(secret);
    for (const code of recoveryCodes) {
      expect(text.toLowerCase()).not.toContain(code);
      expect(text.toLowerCase()).not.toContain(code.replace('-', ''));
    }
  });

  it('removing the app needs a recent re-authentication and ends the other sessions', async () => {
    await forgetUsedCodes(server.dataSource);
    const other = await passwordGiven();
    await other
      .post('/api/auth/second-factor')
      .send({ code: await totpCode(secret) })
      .expect(200);
    await ageAuthentication(server.dataSource);
    const refused = await desk.delete('/api/auth/totp').expect(403);
    expect(refused.body.code).toBe('REAUTHENTICATION_REQUIRED');
    await desk.post('/api/auth/reauthenticate').send({ password: FIRST_ADMIN.password }).expect(200);
    await desk.delete('/api/auth/totp').expect(200);
    await other.get('/api/auth/me').expect(401);
    await desk.get('/api/auth/me').expect(200);
    expect((await desk.get('/api/auth/second-factors').expect(200)).body).toMatchObject({
      factors: [],
      recoveryCodesLeft: 0,
    });
    expect((await activity())[0].kind).toBe('mfa.factor_removed');
    // The password alone logs in again.
    const next = await browser(server.url).post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    expect(next.body.pendingStep).toBeUndefined();
  });

  it('ten wrong codes in a row are throttled like passwords, and a new login does not reset the count', async () => {
    ({ secret } = await enrolTotp(desk));
    let agent = await passwordGiven();
    for (let i = 0; i < 10; i += 1) {
      // Half way, the password again: that must not buy more guesses.
      if (i === 5) agent = await passwordGiven();
      await agent.post('/api/auth/second-factor').send({ code: '000000' }).expect(400);
    }
    const blocked = await agent.post('/api/auth/second-factor').send({ code: await totpCode(secret, 30) });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    await browser(server.url).post('/api/auth/login').send(FIRST_ADMIN).expect(429);
  });
});
