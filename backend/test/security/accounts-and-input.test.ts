import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { shopBody } from '../support/fixtures.js';
import { browser, FIRST_ADMIN, loggedInAdmin } from '../support/http.js';
import { ANY_DIALECT, DIALECTS, startAppOnFreshDatabase } from '../support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

/** Routes that answer without a session by design (the rest of the OpenAPI document must not). */
const PUBLIC_ROUTES = new Set([
  'get /api/shops',
  'get /api/shops/categories',
  'get /api/shops/cities',
  'get /api/shops/states',
  'get /api/shops/listing', // one page of the public listing
  'get /api/shops/{id}',
  'get /api/shops/by-slug/{slug}', // the shop pages' address, public like the shop itself
  'post /api/auth/login',
  'post /api/auth/second-factor', // the code after the password; the session is not logged in yet
  'post /api/auth/second-factor/passkey', // a passkey after the password, the same way
  'post /api/auth/logout',
  'post /api/auth/create-admin', // only while no admin exists; 403 afterwards (tested below)
  'put /api/uploads/{id}', // authorised by its signature instead (see the uploads suite)
  'put /api/quarantine/{id}', // a visitor's upload link, authorised by its signature the same way
  'get /objects/uploads/{id}',
  'get /api/health',
  'get /api/auth/status', // whether the first admin exists, for the login page
  'get /api/health/live', // for load balancers and orchestrators, like /api/health
  'get /api/health/ready',
  'get /api/requests/challenge', // a visitor's proof-of-work challenge
  'post /api/requests/corrections', // a visitor's suggestion, behind proof of work and limits
  'post /api/auth/passkeys/authentication-options', // a challenge for signing in with a passkey
  'post /api/auth/passkeys/sign-in', // signing in with a passkey alone (checked in security/passkeys)
  'post /api/requests/listings', // a gunsmith's listing request, behind proof of work and limits
  'post /api/requests/uploads', // a visitor's quarantined upload link, behind its own limits
]);

describe.each(DIALECTS)('security: accounts, cross-site requests and input on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  const counts = async () => {
    const [{ admins }] = await server.dataSource.query('SELECT COUNT(*) AS admins FROM admin_user');
    const [{ shops }] = await server.dataSource.query('SELECT COUNT(*) AS shops FROM shop');
    return { admins: Number(admins), shops: Number(shops) };
  };

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
  });
  afterAll(() => server.close());

  it('#11 twenty parallel create-admin calls on an empty database create exactly one admin', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(server.url)
          .post('/api/auth/create-admin')
          .send({ username: `racer${i}`, password: 'racer-pass' }),
      ),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 403)).toHaveLength(19);
    expect((await counts()).admins).toBe(1);
    const winner = responses.find((response) => response.status === 201)!.body.username;
    admin = browser(server.url);
    await admin.post('/api/auth/login').send({ username: winner, password: 'racer-pass' }).expect(200);
    await request(server.url).post('/api/auth/create-admin').send(FIRST_ADMIN).expect(403);
  });

  it('#12 two admins deleting each other at the same time always leave one', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await admin
        .post('/api/admin/users')
        .send({ username: `duel-a${round}`, password: 'duel-pass-gris-9' })
        .expect(201);
      const b = await admin
        .post('/api/admin/users')
        .send({ username: `duel-b${round}`, password: 'duel-pass-gris-9' })
        .expect(201);
      const first = browser(server.url);
      const second = browser(server.url);
      await first
        .post('/api/auth/login')
        .send({ username: `duel-a${round}`, password: 'duel-pass-gris-9' })
        .expect(200);
      await second
        .post('/api/auth/login')
        .send({ username: `duel-b${round}`, password: 'duel-pass-gris-9' })
        .expect(200);
      // Remove everyone else first, so exactly these two remain.
      const others = ((await admin.get('/api/admin/users')).body as { id: string }[]).filter(
        (user) => user.id !== a.body.id && user.id !== b.body.id,
      );
      for (const other of others) await first.delete(`/api/admin/users/${other.id}`).expect(204);
      const results = await Promise.all([
        first.delete(`/api/admin/users/${b.body.id}`),
        second.delete(`/api/admin/users/${a.body.id}`),
      ]);
      expect(results.filter((response) => response.status === 204)).toHaveLength(1);
      expect((await counts()).admins).toBe(1);
      admin = results[0].status === 204 ? first : second;
    }
  });

  it('#13 every route of the OpenAPI document that is not public answers 401 without a session', async () => {
    const document = (await request(server.url).get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const checked: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        if (PUBLIC_ROUTES.has(`${method} ${path}`)) continue;
        const url = path.replace('{id}', '00000000-0000-4000-8000-000000000000');
        const client = request(server.url) as unknown as Record<string, (u: string) => request.Test>;
        const response = await client[method](url).send({});
        expect(`${method} ${path} ${response.status}`).toBe(`${method} ${path} 401`);
        checked.push(`${method} ${path}`);
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(12);
    expect(checked).toEqual(
      expect.arrayContaining(['get /api/admin/users', 'post /api/admin/backup/restore']),
    );
  });

  it('#14 unsafe requests from another site are refused (403) and a cross-site form post changes nothing', async () => {
    const before = await counts();
    const attempts: [Record<string, string>, string, string][] = [
      [{ Origin: 'https://evil.example' }, 'application/json', JSON.stringify(shopBody())],
      [{ Origin: 'null' }, 'application/json', JSON.stringify(shopBody())],
      [{ 'Sec-Fetch-Site': 'cross-site' }, 'application/json', JSON.stringify(shopBody())],
      [{}, 'text/plain', JSON.stringify(shopBody())],
      [{}, 'application/x-www-form-urlencoded', 'name=x&description=y'],
    ];
    for (const [headers, type, body] of attempts) {
      const response = await admin.post('/api/admin/shops').set(headers).set('Content-Type', type).send(body);
      expect([403, 400]).toContain(response.status);
      if (headers.Origin || headers['Sec-Fetch-Site']) expect(response.status).toBe(403);
    }
    const logoutFromEvil = await admin.post('/api/auth/logout').set('Origin', 'https://evil.example');
    expect(logoutFromEvil.status).toBe(403);
    await admin.get('/api/auth/me').expect(200);
    expect(await counts()).toEqual(before);
  });

  it('#15 CORS never reflects an arbitrary origin with credentials', async () => {
    for (const path of ['/api/shops', '/api/auth/me', '/api/admin/users']) {
      const response = await request(server.url).get(path).set('Origin', 'https://evil.example');
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await request(server.url)
        .options(path)
        .set({ Origin: 'https://evil.example', 'Access-Control-Request-Method': 'DELETE' });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('#16 SQL metacharacters in every text field and query parameter are stored as text or refused, never run', async () => {
    const payloads = [
      "' OR '1'='1",
      "'; DROP TABLE shop; --",
      '" OR ""="',
      '1); DELETE FROM admin_user; --',
      "\\'; SELECT SLEEP(5); --",
    ];
    const textFields = ['name', 'description', 'address', 'city', 'state'] as const;
    for (const payload of payloads) {
      const body = shopBody(Object.fromEntries(textFields.map((field) => [field, `${field} ${payload}`])));
      body.categories = [`cat ${payload}`.slice(0, 50)];
      const created = await admin.post('/api/admin/shops').send(body).expect(201);
      for (const field of textFields) expect(created.body[field]).toBe(`${field} ${payload}`);
      const read = await request(server.url).get(`/api/shops/${created.body.id}`).expect(200);
      expect(read.body.categories).toEqual([`cat ${payload}`.slice(0, 50)]);
      await request(server.url)
        .get(`/api/shops/${encodeURIComponent(payload)}`)
        .expect(404);
      await request(server.url)
        .get(`/api/shops?city=${encodeURIComponent(payload)}&q=${encodeURIComponent(payload)}`)
        .expect(200);
      await request(server.url)
        .post('/api/auth/login')
        .send({ username: payload.slice(0, 50), password: payload })
        .expect(401);
      await admin
        .put(`/api/admin/users/${encodeURIComponent(payload)}/reset-password`)
        .send({ newPassword: 'abcdef-llave-roja', confirmPassword: 'abcdef-llave-roja' })
        .expect(404);
    }
    const shops = await server.dataSource.query('SELECT COUNT(*) AS n FROM shop');
    expect(Number(shops[0].n)).toBe(payloads.length);
    expect((await counts()).admins).toBe(1);
  });

  it('#17 javascript:, data:, vbscript: and protocol-relative URLs are refused in every URL field', async () => {
    const before = await counts();
    const evil = [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      '  javascript:alert(1)',
      'java\tscript:alert(1)',
      'javascript&#58;alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      '//evil.example/x.png',
      'https:/\\evil.example',
    ];
    for (const field of ['website', 'googleMapsUrl', 'logo', 'mapImageUrl']) {
      for (const value of evil) {
        const response = await admin.post('/api/admin/shops').send(shopBody({ [field]: value }));
        expect(`${field} ${value} ${response.status}`).toBe(`${field} ${value} 400`);
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('#19 JSON over 1 MB is 413; deep nesting and __proto__ keys are 400 without prototype pollution; server-owned fields are refused', async () => {
    const before = await counts();
    await admin
      .post('/api/admin/shops')
      .send(shopBody({ description: 'x'.repeat(1_100_000) }))
      .expect(413);
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const nested = await admin
      .post('/api/admin/shops')
      .set('Content-Type', 'application/json')
      .send(`{"name":${deep}}`);
    expect(nested.status).toBe(400);
    expect(nested.body.message).toBe('The request body is nested too deeply');
    for (const raw of [
      `{"__proto__":{"polluted":"yes"},"username":"protouser","password":"secret1-tornillo-azul"}`,
      `{"constructor":{"prototype":{"polluted":"yes"}},"username":"protouser","password":"secret1-tornillo-azul"}`,
    ]) {
      const response = await admin.post('/api/admin/users').set('Content-Type', 'application/json').send(raw);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/must not contain the keys "__proto__"/);
    }
    const shopProto = await admin
      .post('/api/admin/shops')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(shopBody()).replace('{', '{"__proto__":{"isVerified":"true","polluted":"yes"},'));
    expect(shopProto.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).isVerified).toBeUndefined();
    for (const field of ['id', 'createdAt', 'updatedAt']) {
      await admin
        .post('/api/admin/shops')
        .send(shopBody({ [field]: '2020-01-01' }))
        .expect(400);
    }
    await admin
      .post('/api/admin/users')
      .send({ username: 'owned', password: 'secret1-tornillo-azul', id: 'x' })
      .expect(400);
    expect(await counts()).toEqual(before);
    // The server keeps working normally afterwards.
    await request(server.url).get('/api/shops').expect(200);
  });

  it('#35 control characters in one-line fields and bytes that are not UTF-8 are 400 with the field named, and nothing is stored', async () => {
    const before = await counts();
    for (const [field, value, expected] of [
      [
        'name',
        'Armería\u0000 Norte',
        'Name must be one line without tabs, control or direction-changing characters',
      ],
      [
        'name',
        'Armería\tNorte',
        'Name must be one line without tabs, control or direction-changing characters',
      ],
      [
        'city',
        'Puebla\nCentro',
        'City must be one line without tabs, control or direction-changing characters',
      ],
      [
        'address',
        'Av. Reforma\u001b[31m 100',
        'Address must be one line without tabs, control or direction-changing characters',
      ],
      [
        'phone',
        '222 123 4567\u0085',
        'Phone must be one line without tabs, control or direction-changing characters',
      ],
      [
        'categories',
        ['Armería', 'Tiro\u007f'],
        'Each category must be one line without tabs, control or direction-changing characters',
      ],
      ['description', 'Taller\u0007 certificado', 'Description must not contain control characters'],
    ] as const) {
      const response = await admin
        .post('/api/admin/shops')
        .send(shopBody({ [field]: value }))
        .expect(400);
      expect(response.body.errors).toEqual([{ field, code: 'CONTROL_CHARACTERS', message: expected }]);
    }
    const user = await admin
      .post('/api/admin/users')
      .send({ username: 'nul\u0000user', password: 'secret1-tornillo-azul' });
    expect(user.status).toBe(400);
    expect(user.body.errors).toEqual([
      {
        field: 'username',
        code: 'CONTROL_CHARACTERS',
        message: 'Username must not contain control characters',
      },
    ]);

    const latin1 = Buffer.from(JSON.stringify(shopBody({ name: 'Armería Latina' })), 'latin1');
    const notUtf8 = await admin
      .post('/api/admin/shops')
      .set('Content-Type', 'application/json')
      .serialize((bytes: Buffer) => bytes as unknown as string) // the raw bytes, as they are
      .send(latin1);
    expect(notUtf8.status).toBe(400);
    expect(notUtf8.body).toMatchObject({
      code: 'INVALID_BODY',
      message: 'The request body is not valid UTF-8',
    });
    expect(await counts()).toEqual(before);

    // Line breaks and tabs are text where text has lines.
    const multiLine = await admin
      .post('/api/admin/shops')
      .send(shopBody({ description: 'Línea uno\n\tLínea dos\r\nTres 👍🏽' }))
      .expect(201);
    expect(multiLine.body.description).toBe('Línea uno\n\tLínea dos\r\nTres 👍🏽');
  });
});

describe('security: the first admin is required for admin routes (#13 complement)', () => {
  let server: Started;
  beforeAll(async () => {
    server = await startAppOnFreshDatabase(ANY_DIALECT[0]);
    await loggedInAdmin(server.url);
  });
  afterAll(() => server.close());

  it('refuses create-admin without a session once an admin exists', async () => {
    await request(server.url)
      .post('/api/auth/create-admin')
      .send({ username: 'intruder', password: 'secret1-tornillo-azul' })
      .expect(403);
  });

  it("refuses a password made of the site's own words and a year, as a weak password of its field", async () => {
    const admin = browser(server.url);
    await admin.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    for (const password of ['Armeria2024!', 'Mexico2026!', 'Armeros-ATM-2025']) {
      const response = await admin
        .post('/api/admin/users')
        .send({ username: 'segundo', password })
        .expect(400);
      expect(response.body).toMatchObject({
        code: 'WEAK_PASSWORD',
        errors: [{ field: 'password', code: 'WEAK_PASSWORD' }],
      });
    }
    const users = (await admin.get('/api/admin/users').expect(200)).body as { username: string }[];
    expect(users.map((user) => user.username)).toEqual([FIRST_ADMIN.username]);
  });
});
