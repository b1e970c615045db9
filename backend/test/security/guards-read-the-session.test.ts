import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { AuthenticatedGuard } from '../../src/auth/authenticated.guard.js';
import { RecentAuthGuard } from '../../src/auth/recent-auth/recent-auth.js';
import { browser, FIRST_ADMIN, loggedInAdmin } from '../support/http.js';
import { routesOf, type AppRoute } from '../support/routes.js';
import { ageAuthentication } from '../support/second-factor.js';
import { DIALECTS, startAppOnFreshDatabase } from '../support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

const SOME_ID = '0b9a6f0e-8d1c-4c59-9d6e-3f1f7a1c2b3d';

/**
 * What a client might add to talk a guard round: every one must leave its answer as it was.
 * The first is the finding itself (a query parameter that switched re-authentication off).
 */
const LOOSENERS: { name: string; query?: string; headers?: Record<string, string> }[] = [
  { name: '?dryRun=true', query: 'dryRun=true' },
  { name: '?dryRun=1&preview=true', query: 'dryRun=1&preview=true' },
  { name: '?bypass=true&force=true', query: 'bypass=true&force=true' },
  { name: 'X-Dry-Run', headers: { 'X-Dry-Run': 'true' } },
  {
    name: 'X-Forwarded-For and -Proto',
    headers: { 'X-Forwarded-For': '127.0.0.1', 'X-Forwarded-Proto': 'https' },
  },
  { name: 'X-Requested-With', headers: { 'X-Requested-With': 'XMLHttpRequest' } },
];

/** Each route's answer to `client` as it is and with each loosener: `status code` per variant. */
async function answersOf(client: TestAgent, routes: AppRoute[]) {
  const answers: Record<string, string> = {};
  for (const route of routes) {
    for (const variant of [{ name: 'as is' }, ...LOOSENERS]) {
      const url = `${route.path}${'query' in variant && variant.query ? `?${variant.query}` : ''}`;
      const send = (client as unknown as Record<string, (url: string) => request.Test>)[route.method].bind(
        client,
      );
      const response = await send(url)
        .set('headers' in variant ? (variant.headers ?? {}) : {})
        .send({});
      answers[`${route.method.toUpperCase()} ${route.path} ${variant.name}`] =
        `${response.status} ${response.body?.code}`;
    }
  }
  return answers;
}

const expectEvery = (answers: Record<string, string>, answer: string) =>
  expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((key) => [key, answer])));

describe.each(DIALECTS)('security: guards read only the session and the route, on %s', (dialect) => {
  let server: Started;
  let routes: AppRoute[];

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
    routes = routesOf(server.app, SOME_ID);
  });
  afterAll(() => server.close());

  it('finds the guarded routes it walks (re-authentication on the dangerous ones)', () => {
    const reauth = routes.filter(({ guards }) => guards.includes(RecentAuthGuard));
    expect(routes.filter(({ guards }) => guards.includes(AuthenticatedGuard)).length).toBeGreaterThan(30);
    expect(reauth.map(({ method, path }) => `${method} ${path}`)).toEqual(
      expect.arrayContaining([
        `post /api/admin/backup/restore`,
        `delete /api/admin/users/${SOME_ID}`,
        `put /api/admin/users/${SOME_ID}/reset-password`,
      ]),
    );
    // A preview changes nothing and is a route of its own, without the guard.
    const preview = routes.find(({ path }) => path === '/api/admin/backup/restore/preview');
    expect(preview?.guards).not.toContain(RecentAuthGuard);
  });

  it('without a session, every admin route answers 401 whatever the query or headers say', async () => {
    const adminRoutes = routes.filter(({ guards }) => guards.includes(AuthenticatedGuard));
    expectEvery(await answersOf(browser(server.url), adminRoutes), '401 UNAUTHENTICATED');
  });

  it('with a session whose password is over 5 minutes old, every re-authentication route answers 403, and nothing changed', async () => {
    const admin = await loggedInAdmin(server.url, FIRST_ADMIN);
    const other = await admin
      .post('/api/admin/users')
      .send({ username: 'segunda', password: 'brújula-de-latón-4' })
      .expect(201);
    const rows = () =>
      server.dataSource.query('SELECT id, username, password_hash FROM admin_user ORDER BY id');
    const before = await rows();
    await ageAuthentication(server.dataSource);
    const reauthRoutes = routes
      .filter(({ guards }) => guards.includes(RecentAuthGuard))
      .map((route) => ({ ...route, path: route.path.replaceAll(SOME_ID, other.body.id as string) }));
    expectEvery(await answersOf(admin, reauthRoutes), '403 REAUTHENTICATION_REQUIRED');
    expect(await rows()).toEqual(before);
    // The session still works for what needs no re-authentication.
    await admin.get('/api/admin/users').expect(200);
    await request(server.url).get('/api/health/live').expect(200);
  });
});
