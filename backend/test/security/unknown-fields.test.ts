import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loggedInAdmin } from '../support/http.js';
import { routesOf } from '../support/routes.js';
import { ANY_DIALECT, startAppOnFreshDatabase } from '../support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
const SOME_ID = '0b9a6f0e-8d1c-4c59-9d6e-3f1f7a1c2b3d';
const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);

describe.each(ANY_DIALECT)('security: unknown fields are refused everywhere, on %s', (dialect) => {
  let server: Started;

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
  });
  afterAll(() => server.close());

  it('every route that changes something answers 400 UNKNOWN_FIELD to a field it does not take, body or none', async () => {
    const admin = await loggedInAdmin(server.url);
    const routes = routesOf(server.app, SOME_ID).filter(({ method }) => UNSAFE.has(method));
    expect(routes.length).toBeGreaterThan(40);
    const answers: Record<string, string> = {};
    for (const { method, path } of routes) {
      const send = (admin as unknown as Record<string, (url: string) => import('supertest').Test>)[
        method
      ].bind(admin);
      const answer = await send(path).send({ notAField: 1 });
      const unknown = (answer.body?.errors ?? []).some(
        (error: { field: string; code: string }) =>
          error.field === 'notAField' && error.code === 'UNKNOWN_FIELD',
      );
      answers[`${method.toUpperCase()} ${path}`] =
        `${answer.status} ${unknown ? 'UNKNOWN_FIELD' : answer.body?.code}`;
    }
    expect(answers).toEqual(
      Object.fromEntries(Object.keys(answers).map((key) => [key, '400 UNKNOWN_FIELD'])),
    );
    // The session is still there: the logout with an unknown field did not happen.
    await admin.get('/api/auth/me').expect(200);
  });
});
