// Two ways a stranger could make the server keep things for them, or hand their input to others:
// a visitor's passkey challenge (asked for without any session, any number of times), and the
// Host header, from which the site's absolute URLs come when PUBLIC_URL is not set.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { KEPT_ORIGINS } from '../../src/common/public-url.js';
import { CACHED_PAGES, PublicPages } from '../../src/pages/public-pages.js';
import { KEPT_SITEMAPS, SeoService } from '../../src/seo/seo.service.js';
import { browser, loggedInAdmin, raw } from '../support/http.js';
import { authenticationOptions, enrolPasskey, PASSKEY_ENV } from '../support/passkeys.js';
import { ANY_DIALECT, DIALECTS, startAppOnFreshDatabase } from '../support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

const SHELL_SERVER_BUILD = fileURLToPath(
  new URL('../../../frontend-shell/dist-ssr/shell.cjs', import.meta.url),
);

describe.each(DIALECTS)("security: a visitor's passkey challenge keeps nothing on %s", (dialect) => {
  let server: Started;
  let admin: TestAgent;

  const sessionRows = async () =>
    Number((await server.dataSource.query('SELECT COUNT(*) AS n FROM session'))[0].n);

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect, PASSKEY_ENV);
    admin = await loggedInAdmin(server.url);
  });
  afterAll(() => server.close());

  it('300 anonymous options calls write no session row and set no cookie, each with its own challenge', async () => {
    const before = await sessionRows();
    const challenges = new Set<string>();
    for (let batch = 0; batch < 15; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          request(server.url).post('/api/auth/passkeys/authentication-options').expect(200),
        ),
      );
      for (const answer of answers) {
        expect(answer.headers['set-cookie']).toBeUndefined();
        challenges.add((answer.body as { options: { challenge: string } }).options.challenge);
      }
    }
    expect(challenges.size).toBe(300);
    expect(await sessionRows()).toBe(before);
  });

  it('refuses unknown fields in the options call, as the API refuses them everywhere', async () => {
    const options = () => request(server.url).post('/api/auth/passkeys/authentication-options');
    const unknown = await options().send({ userId: 'admin', allowCredentials: [] }).expect(400);
    expect(unknown.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        { field: 'userId', code: 'UNKNOWN_FIELD' },
        { field: 'allowCredentials', code: 'UNKNOWN_FIELD' },
      ],
    });
    expect((await options().send([1]).expect(400)).body.code).toBe('VALIDATION_FAILED');
    // No body, or an empty one, is the call as the admin's page makes it.
    await options().send({}).expect(200);
    await options().expect(200);
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it('a replayed challenge is refused, even by a passkey that keeps no signature counter', async () => {
    // Some authenticators always report 0: only the spent challenge stops a replay of theirs.
    const { authenticator } = await enrolPasskey(admin, 'No counter');
    const signIn = (visitor: TestAgent, credential: unknown) =>
      visitor.post('/api/auth/passkeys/sign-in').send({ credential });
    const options = await authenticationOptions(request.agent(server.url));
    const assertion = authenticator.assert(options, { counter: 0 });
    const first = browser(server.url);
    await signIn(first, assertion).expect(200);
    await first.get('/api/auth/me').expect(200);
    const rowsAfterSignIn = await sessionRows();
    for (const credential of [assertion, authenticator.assert(options, { counter: 0 })]) {
      const thief = browser(server.url);
      const replayed = await signIn(thief, credential).expect(400);
      expect(replayed.body.code).toBe('PASSKEY_CHALLENGE_EXPIRED');
      expect(replayed.headers['set-cookie']).toBeUndefined();
      await thief.get('/api/auth/me').expect(401);
    }
    // One fresh challenge answered twice at once, as two replicas might see it: one session only.
    const fresh = authenticator.assert(await authenticationOptions(request.agent(server.url)), {
      counter: 0,
    });
    const racers = [browser(server.url), browser(server.url)];
    const answers = await Promise.all(racers.map((racer) => signIn(racer, fresh)));
    expect(answers.map((answer) => answer.status).filter((status) => status === 200)).toHaveLength(1);
    expect(await sessionRows()).toBe(rowsAfterSignIn + 1);
  });
});

describe.each(ANY_DIALECT)('security: the Host header without PUBLIC_URL on %s', (dialect) => {
  let server: Started;
  let port: string;
  let own: string;

  const get = (path: string, host?: string) => raw(`${server.url}${path}`, 'GET', host ? { Host: host } : {});

  beforeAll(async () => {
    if (!existsSync(SHELL_SERVER_BUILD)) {
      throw new Error(
        'frontend-shell/dist-ssr is missing: run `npm run build` (npm test does) before this suite',
      );
    }
    server = await startAppOnFreshDatabase(dialect);
    port = new URL(server.url).port;
    own = `http://127.0.0.1:${port}`;
  });
  afterAll(() => server.close());

  it('a forged Host, first after the start, gets a sitemap naming itself; the next visitor gets their own host', async () => {
    const forged = await get('/sitemap.xml', 'evil.example');
    expect(forged.status).toBe(200);
    expect(forged.body.toString()).toContain('<loc>http://evil.example/</loc>');
    const normal = await get('/sitemap.xml');
    expect(normal.status).toBe(200);
    expect(normal.body.toString()).toContain(`<loc>${own}/</loc>`);
    expect(normal.body.toString()).not.toContain('evil.example');
    // Many Host values keep no more than KEPT_SITEMAPS sitemaps, and each is its own.
    for (let i = 0; i < KEPT_SITEMAPS + 4; i++) {
      expect((await get('/sitemap.xml', `s${i}.example`)).body.toString()).toContain(`http://s${i}.example/`);
    }
    expect(server.app.get(SeoService).keptOrigins).toBeLessThanOrEqual(KEPT_SITEMAPS);
    expect((await get('/sitemap.xml')).body.toString()).not.toMatch(/evil\.example|s\d+\.example/);
  });

  it('rendered pages for many Host values stay within the cache bound, and never reach another visitor', async () => {
    const pages = server.app.get(PublicPages);
    expect(pages.enabled).toBe(true);
    await get('/', 'evil.example');
    const hosts = KEPT_ORIGINS * 3;
    for (let i = 0; i < hosts; i++) {
      const page = await get('/', `h${i}.example`);
      expect(page.status).toBe(200);
      expect(page.body.toString()).toContain(`http://h${i}.example/`);
      expect(pages.cached.origins).toBeLessThanOrEqual(KEPT_ORIGINS);
    }
    expect(pages.cached.pages).toBeLessThanOrEqual(Math.min(CACHED_PAGES, KEPT_ORIGINS));
    for (const path of ['/', '/en/']) {
      const page = (await get(path)).body.toString();
      expect(page).toContain(`${own}${path}`);
      expect(page).not.toMatch(/evil\.example|h\d+\.example/);
    }
  });
});
