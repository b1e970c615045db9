import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { browser, FIRST_ADMIN, sessionCookie } from './support/http.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

describe.each(DIALECTS)('auth on %s', (dialect) => {
  let server: Started;
  const adminCount = () =>
    server.dataSource.query('SELECT COUNT(*) AS n FROM admin_user').then((rows) => Number(rows[0].n));

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
  });
  afterAll(() => server.close());

  it('answers /me with 401 JSON while logged out', async () => {
    const response = await request(server.url).get('/api/auth/me').expect(401);
    expect(response.body).toEqual({
      statusCode: 401,
      code: 'UNAUTHENTICATED',
      message: 'Authentication required',
      error: 'Unauthorized',
    });
  });

  it('validates create-admin input and writes nothing on bad input', async () => {
    const cases: [object, string][] = [
      [{ password: 'secret1-tornillo-azul' }, 'Username is required'],
      [{ username: 'ab', password: 'secret1-tornillo-azul' }, 'Username must be 3 to 50 characters'],
      [
        { username: 'x'.repeat(51), password: 'secret1-tornillo-azul' },
        'Username must be 3 to 50 characters',
      ],
      [{ username: { $gt: '' }, password: 'secret1-tornillo-azul' }, 'Username must be text'],
      [{ username: 'admin' }, 'Password is required'],
      [{ username: 'admin', password: '12345' }, 'Password must be at least 6 characters'],
      [{ username: 'admin', password: 'p'.repeat(1025) }, 'Password must be at most 1024 characters'],
      [
        { username: 'admin', password: 'secret1-tornillo-azul', confirmPassword: '' },
        'Please confirm your password',
      ],
      [
        { username: 'admin', password: 'secret1-tornillo-azul', confirmPassword: 'secret2-tornillo-azul' },
        "Passwords don't match",
      ],
      [{ username: 'admin', password: 'secret1-tornillo-azul', isAdmin: true }, 'Unknown field "isAdmin"'],
    ];
    for (const [body, message] of cases) {
      const response = await request(server.url).post('/api/auth/create-admin').send(body).expect(400);
      expect(response.body.message).toBe(message);
    }
    expect(await adminCount()).toBe(0);
  });

  it('creates the first admin without a session, then refuses a second one without a session', async () => {
    const before = await request(server.url).get('/api/auth/status').expect(200);
    expect(before.body).toEqual({ adminExists: false, secondFactorPending: false });
    const created = await request(server.url)
      .post('/api/auth/create-admin')
      .send({
        username: `  ${FIRST_ADMIN.username}  `,
        password: FIRST_ADMIN.password,
        confirmPassword: FIRST_ADMIN.password,
      })
      .expect(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      username: 'admin',
      createdAt: expect.any(String),
    });
    expect(sessionCookie(created)).toBeUndefined(); // creating the first admin does not log in
    const refused = await request(server.url)
      .post('/api/auth/create-admin')
      .send({ username: 'intruder', password: 'secret1-tornillo-azul' })
      .expect(403);
    expect((await request(server.url).get('/api/auth/status').expect(200)).body).toEqual({
      adminExists: true,
      secondFactorPending: false,
    });
    expect(refused.body).toMatchObject({
      code: 'ADMIN_ALREADY_EXISTS',
      message: expect.stringMatching(/already exists/),
    });
    expect(await adminCount()).toBe(1);
  });

  it('answers an unknown user and a wrong password identically', async () => {
    const unknown = await request(server.url)
      .post('/api/auth/login')
      .send({ username: 'nobody', password: 'whatever' })
      .expect(401);
    const wrong = await request(server.url)
      .post('/api/auth/login')
      .send({ username: 'admin', password: 'whatever' })
      .expect(401);
    expect(unknown.body).toEqual({
      statusCode: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid credentials',
      error: 'Unauthorized',
    });
    expect(wrong.body).toEqual(unknown.body);
  });

  it('requires username and password to log in, never failing with 500 on odd types', async () => {
    for (const [body, message] of [
      [{ password: 'x' }, 'Username is required'],
      [{ username: 'admin' }, 'Password is required'],
      [{ username: 'admin', password: { x: 1 } }, 'Password must be text'],
      [{ username: ['admin'], password: 'x' }, 'Username must be text'],
    ] as const) {
      const response = await request(server.url).post('/api/auth/login').send(body).expect(400);
      expect(response.body.message).toBe(message);
    }
  });

  it('logs in with a new session id, an HttpOnly SameSite=Lax cookie, and ends the session at logout', async () => {
    const agent = browser(server.url);
    // A session id planted before login must not survive it (session fixation).
    const planted = 'atm.sid=s%3Aplanted-session-id.invalidsignature';
    const login = await agent.post('/api/auth/login').set('Cookie', planted).send(FIRST_ADMIN).expect(200);
    expect(login.body.username).toBe('admin');
    expect(login.body).not.toHaveProperty('passwordHash');
    const cookie = sessionCookie(login)!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/planted/);
    const sid = cookie.split(';')[0];

    const me = await request(server.url).get('/api/auth/me').set('Cookie', sid).expect(200);
    expect(me.body.username).toBe('admin');

    await request(server.url).post('/api/auth/logout').set('Cookie', sid).expect(200);
    await request(server.url).get('/api/auth/me').set('Cookie', sid).expect(401); // replayed cookie
  });

  it('changes the own password with the spec messages, ending the other sessions only', async () => {
    const first = browser(server.url);
    const second = browser(server.url);
    await first.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    await second.post('/api/auth/login').send(FIRST_ADMIN).expect(200);

    const bad: [object, string, string, string][] = [
      [
        { newPassword: 'newsecret-farol-7', confirmPassword: 'newsecret-farol-7' },
        'Current password is required',
        'currentPassword',
        'REQUIRED',
      ],
      [
        { currentPassword: 'wrong', newPassword: 'newsecret-farol-7', confirmPassword: 'newsecret-farol-7' },
        'Current password is incorrect',
        'currentPassword',
        'CURRENT_PASSWORD_INCORRECT',
      ],
      [
        { currentPassword: FIRST_ADMIN.password, newPassword: '123', confirmPassword: '123' },
        'Password must be at least 6 characters',
        'newPassword',
        'TOO_SHORT',
      ],
      [
        {
          currentPassword: FIRST_ADMIN.password,
          newPassword: 'newsecret-farol-7',
          confirmPassword: 'other1',
        },
        "Passwords don't match",
        'confirmPassword',
        'PASSWORDS_DONT_MATCH',
      ],
    ];
    for (const [body, message, field, code] of bad) {
      const response = await first.put('/api/auth/change-password').send(body).expect(400);
      expect(response.body.message).toBe(message);
      expect(response.body.errors[0]).toMatchObject({ field, code });
    }
    // Nothing changed: the old password still works.
    await request(server.url).post('/api/auth/login').send(FIRST_ADMIN).expect(200);

    const changed = await first
      .put('/api/auth/change-password')
      .send({
        currentPassword: FIRST_ADMIN.password,
        newPassword: 'ñandú-contraseña',
        confirmPassword: 'ñandú-contraseña',
      })
      .expect(200);
    expect(changed.body.message).toBe('Password updated successfully');
    await first.get('/api/auth/me').expect(200);
    await second.get('/api/auth/me').expect(401);
    await request(server.url).post('/api/auth/login').send(FIRST_ADMIN).expect(401);
    await request(server.url)
      .post('/api/auth/login')
      .send({ username: 'ADMIN', password: 'ñandú-contraseña' })
      .expect(200);
    await first
      .put('/api/auth/change-password')
      .send({
        currentPassword: 'ñandú-contraseña',
        newPassword: FIRST_ADMIN.password,
        confirmPassword: FIRST_ADMIN.password,
      })
      .expect(200);
  });

  it('requires a session for create-admin once an admin exists, and then creates admins', async () => {
    const agent = browser(server.url);
    await agent.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    const created = await agent
      .post('/api/auth/create-admin')
      .send({ username: 'helper', password: 'linterna-sorda-6' })
      .expect(201);
    expect(created.body.username).toBe('helper');
    await agent
      .post('/api/auth/create-admin')
      .send({ username: 'Helper', password: 'linterna-sorda-6' })
      .expect(409);
  });

  it('blocks a username from one client after 10 consecutive failures, with Retry-After', async () => {
    const attempt = (password: string) =>
      request(server.url).post('/api/auth/login').send({ username: 'helper', password });
    for (let i = 0; i < 10; i++) expect((await attempt('wrong-password')).status).toBe(401);
    const blocked = await attempt('linterna-sorda-6');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body).toMatchObject({
      code: 'TOO_MANY_LOGIN_ATTEMPTS',
      message: expect.stringMatching(/Too many failed login attempts/),
      params: { minutes: 15 },
    });
    // Another username from the same client is not blocked by that.
    await request(server.url).post('/api/auth/login').send(FIRST_ADMIN).expect(200);
  });

  it('counts every failure of many parallel logins, and blocks the client after 50 across usernames', async () => {
    // A client that has failed nothing yet (the tests above left counts behind).
    await server.dataSource.query('DELETE FROM rate_limit');
    const fail = (username: string) =>
      request(server.url).post('/api/auth/login').send({ username, password: 'wrong-password' });
    // The per-address counters: each address and username, and the address across usernames.
    const counts = async () =>
      (
        (await server.dataSource.query(
          "SELECT points FROM rate_limit WHERE `key` LIKE 'login.address%'",
        )) as { points: unknown }[]
      )
        .map((row) => Number(row.points))
        .sort((a, b) => a - b);
    const strangers = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => fail(`stranger-${from + i}`));

    // 9 for one username (one short of its block) and 20 for 20 others, all at once.
    const first = await Promise.all([
      ...Array.from({ length: 9 }, () => fail('helper')),
      ...strangers(0, 20),
    ]);
    expect(first.map((response) => response.status)).toEqual(Array(29).fill(401));
    // Each stranger 1, helper 9, the client 29: not one failure lost.
    expect(await counts()).toEqual([...Array(20).fill(1), 9, 29]);

    const second = await Promise.all(strangers(20, 21));
    expect(second.map((response) => response.status)).toEqual(Array(21).fill(401));
    expect((await counts()).at(-1)).toBe(50);
    const blocked = await fail('stranger-41');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    await request(server.url).post('/api/auth/login').send(FIRST_ADMIN).expect(429);

    // 15 minutes after the block began it is over, and the client's count starts again.
    await server.dataSource.query('UPDATE rate_limit SET expire = expire - ? WHERE points > 50', [
      15 * 60_000,
    ]);
    await request(server.url).post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    expect((await fail('stranger-42')).status).toBe(401);
    // 43 strangers at 1 (the refused attempt counted too: every attempt counts, before the
    // hash), the client at 1 (the right password gave its attempt back), helper still at 9.
    expect(await counts()).toEqual([...Array(44).fill(1), 9]);
  });
});
