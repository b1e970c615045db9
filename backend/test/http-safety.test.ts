import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Agent, get } from 'node:http';
import type { Socket } from 'node:net';
import request from 'supertest';
import { ANY_DIALECT, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

/** The safety every endpoint inherits from app.setup.ts. */
describe.each(ANY_DIALECT)('HTTP safety on %s', (dialect) => {
  let server: Started;
  const adminCount = async () =>
    Number((await server.dataSource.query('SELECT COUNT(*) AS n FROM admin_user'))[0].n);

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
  });
  afterAll(() => server.close());

  it('sends security headers and no X-Powered-By', async () => {
    const response = await request(server.url).get('/api/auth/me');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const csp = response.headers['content-security-policy'];
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('keeps an idle keep-alive connection open past Node\u2019s default 6 s, so a client reusing it is answered', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ask = () =>
      new Promise<{ status: number; socket: Socket }>((resolve, reject) => {
        get(`${server.url}/api/health/live`, { agent }, (response) => {
          const { socket } = response;
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode!, socket }));
        }).on('error', reject);
      });
    try {
      const first = await ask();
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      const second = await ask();
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.socket).toBe(first.socket); // the same connection, not a new one
    } finally {
      agent.destroy();
    }
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const response = await request(server.url)
      .post('/api/auth/create-admin')
      .set('Content-Type', 'application/json')
      .send('{"username": "admin", ')
      .expect(400);
    expect(response.body).toEqual({
      statusCode: 400,
      code: 'INVALID_BODY',
      message: 'The request body is not valid JSON',
      error: 'Bad Request',
    });
  });

  it('refuses JSON bodies over 1 MB with 413', async () => {
    const response = await request(server.url)
      .post('/api/auth/create-admin')
      .send({ username: 'admin', password: 'x'.repeat(1_100_000) })
      .expect(413);
    expect(response.body.message).toMatch(/too large/);
    expect(await adminCount()).toBe(0);
  });

  it.each([
    ['a foreign Origin', { Origin: 'https://evil.example' }],
    ['a null Origin', { Origin: 'null' }],
    ['a foreign Referer', { Referer: 'https://evil.example/form.html' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
  ])('refuses unsafe requests with %s (403) and changes nothing', async (_name, headers) => {
    const response = await request(server.url)
      .post('/api/auth/create-admin')
      .set(headers)
      .send({ username: 'admin', password: 'secret1-tornillo-azul' })
      .expect(403);
    expect(response.body.message).toBe('Cross-site requests are not allowed');
    expect(await adminCount()).toBe(0);
  });

  it('accepts unsafe requests from its own origin', async () => {
    const host = new URL(server.url).host;
    await request(server.url)
      .post('/api/auth/login')
      .set('Origin', `http://${host}`)
      .send({ username: 'nobody', password: 'secret1-tornillo-azul' })
      .expect(401);
  });

  it('changes nothing on a cross-site style form post (text/plain body)', async () => {
    await request(server.url)
      .post('/api/auth/create-admin')
      .set('Content-Type', 'text/plain')
      .send('{"username":"admin","password":"secret1-tornillo-azul"}')
      .expect(400);
    expect(await adminCount()).toBe(0);
  });

  it('never reflects an arbitrary origin in CORS headers', async () => {
    const response = await request(server.url).get('/api/auth/me').set('Origin', 'https://evil.example');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('documents every auth and admin-users path in the OpenAPI document', async () => {
    const document = (await request(server.url).get('/api/docs-json').expect(200)).body;
    expect(Object.keys(document.paths).sort()).toEqual(
      expect.arrayContaining([
        '/api/auth/me',
        '/api/auth/login',
        '/api/auth/logout',
        '/api/auth/create-admin',
        '/api/auth/change-password',
        '/api/admin/users',
        '/api/admin/users/{id}/reset-password',
        '/api/admin/users/{id}',
      ]),
    );
    expect(document.components.securitySchemes['atm.sid']).toMatchObject({ type: 'apiKey', in: 'cookie' });
    await request(server.url).get('/api/docs').expect(200).expect('Content-Type', /html/);
  });
});
