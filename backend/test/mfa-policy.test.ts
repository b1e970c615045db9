import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type TestAgent from 'supertest/lib/agent.js';
import { browser, FIRST_ADMIN } from './support/http.js';
import { ageAuthentication, enrolTotp } from './support/second-factor.js';
import {
  createTestDatabase,
  DIALECTS,
  startApp,
  type TestApp,
  type TestDatabase,
} from './support/test-app.js';
import request from 'supertest';

interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
}
type PathItem = Record<string, Operation>;

/** Every operation of the OpenAPI document that accepts the admin session. */
function adminOperations(): { method: string; path: string; operationId: string }[] {
  const document = JSON.parse(
    readFileSync(new URL('../../contract/openapi.json', import.meta.url), 'utf8'),
  ) as {
    paths: Record<string, PathItem>;
  };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) => operation.security?.some((requirement) => 'atm.sid' in requirement))
      .map(([method, operation]) => ({ method, path, operationId: operation.operationId })),
  );
}

/** What an admin who must still set up a second factor may use. */
const ALLOWED_DURING_ENROLMENT = new Set([
  'getMe',
  'getMySecondFactors',
  'startTotpEnrolment',
  'confirmTotpEnrolment',
  // A passkey is the other factor an admin may set up.
  'getMyPasskeys',
  'getPasskeyRegistrationOptions',
  'addPasskey',
]);
const SOME_ID = '0b9a6f0e-8d1c-4c59-9d6e-3f1f7a1c2b3d';

describe.each(DIALECTS)('the second-factor policy on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestApp;
  let desk: TestAgent;

  /** A new installation: MFA_REQUIRED unset, so the setting (on by default) decides. */
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startApp({ ...database.env, MFA_REQUIRED: '' });
    await request(server.url).post('/api/auth/create-admin').send(FIRST_ADMIN).expect(201);
    desk = browser(server.url);
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('on a new installation, a password-only login is taken to enrolment', async () => {
    const login = await desk.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    expect(login.body).toMatchObject({ username: 'admin', pendingStep: 'enrolment' });
    expect((await desk.get('/api/auth/me').expect(200)).body.pendingStep).toBe('enrolment');
  });

  it('every other admin route of the OpenAPI document answers 403 with the enrolment code', async () => {
    const operations = adminOperations();
    expect(operations.length).toBeGreaterThan(30);
    const answers: Record<string, string> = {};
    for (const { method, path, operationId } of operations) {
      if (ALLOWED_DURING_ENROLMENT.has(operationId)) continue;
      const url = path.replace(/\{[^}]+\}/g, SOME_ID);
      const send = (desk as unknown as Record<string, (url: string) => request.Test>)[method].bind(desk);
      const response = await send(url).send({});
      answers[operationId] = `${response.status} ${response.body?.code}`;
    }
    const expected = Object.fromEntries(
      Object.keys(answers).map((id) => [id, '403 SECOND_FACTOR_ENROLMENT_REQUIRED']),
    );
    expect(answers).toEqual(expected);
  });

  it('once a factor exists, everything opens; the last factor cannot be removed', async () => {
    await enrolTotp(desk);
    expect((await desk.get('/api/auth/me').expect(200)).body.pendingStep).toBeUndefined();
    await desk.get('/api/admin/users').expect(200);
    expect((await desk.get('/api/admin/mfa-policy').expect(200)).body).toEqual({
      required: true,
      requiredByServer: false,
    });
    const refused = await desk.delete('/api/auth/totp').expect(409);
    expect(refused.body.code).toBe('LAST_SECOND_FACTOR');
  });

  it('turning the policy off needs a recent re-authentication; both changes are logged', async () => {
    await ageAuthentication(server.dataSource);
    const refused = await desk.put('/api/admin/mfa-policy').send({ required: false }).expect(403);
    expect(refused.body.code).toBe('REAUTHENTICATION_REQUIRED');
    await desk.post('/api/auth/reauthenticate').send({ password: FIRST_ADMIN.password }).expect(200);
    expect((await desk.put('/api/admin/mfa-policy').send({ required: false }).expect(200)).body).toEqual({
      required: false,
      requiredByServer: false,
    });
    await ageAuthentication(server.dataSource);
    await desk.put('/api/admin/mfa-policy').send({ required: true }).expect(200);
    const log = (await desk.get('/api/admin/activity').query({ kind: 'mfa.policy_changed' }).expect(200))
      .body;
    expect(log.items.map((entry: { details: unknown }) => entry.details)).toEqual([
      { required: true },
      { required: false },
    ]);
    await desk.put('/api/admin/mfa-policy').send({ required: 'yes' }).expect(400);
  });

  it('an installation that existed before the setting keeps password-only logins until it is turned on', async () => {
    await server.dataSource.query("DELETE FROM system_flag WHERE name = 'mfa-required'");
    await server.dataSource.query('DELETE FROM admin_totp_factor');
    await server.close();
    server = await startApp({ ...database.env, MFA_REQUIRED: '' });
    desk = browser(server.url);
    const login = await desk.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    expect(login.body.pendingStep).toBeUndefined();
    expect((await desk.get('/api/admin/mfa-policy').expect(200)).body.required).toBe(false);
  });

  it('MFA_REQUIRED decides over the setting, which then cannot be changed', async () => {
    await server.close();
    server = await startApp({ ...database.env, MFA_REQUIRED: 'true' });
    desk = browser(server.url);
    expect((await desk.post('/api/auth/login').send(FIRST_ADMIN).expect(200)).body.pendingStep).toBe(
      'enrolment',
    );
    const refused = await desk.put('/api/admin/mfa-policy').send({ required: false }).expect(403);
    expect(refused.body.code).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
    await enrolTotp(desk);
    expect((await desk.get('/api/admin/mfa-policy').expect(200)).body).toEqual({
      required: true,
      requiredByServer: true,
    });
    const fixed = await desk.put('/api/admin/mfa-policy').send({ required: true }).expect(409);
    expect(fixed.body.code).toBe('MFA_POLICY_SET_BY_ENVIRONMENT');
  });
});
