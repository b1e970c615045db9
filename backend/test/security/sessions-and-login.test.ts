import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import argon2 from 'argon2';
import request from 'supertest';
import { PasswordHasher } from '../../src/admin-users/password-hasher.service.js';
import { browser, FIRST_ADMIN, loggedInAdmin, sessionCookie } from '../support/http.js';
import {
  createTestDatabase,
  DIALECTS,
  startApp,
  startAppOnFreshDatabase,
  type TestApp,
  type TestDatabase,
} from '../support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
const cookieOf = (response: { headers: Record<string, unknown> }) => sessionCookie(response)!.split(';')[0];
/** A PHC string's algorithm, version and cost (`$argon2id$v=19$m=..,t=..,p=..`), without salt or hash. */
const costOf = (hash: string) => hash.split('$').slice(0, 4).join('$');

describe.each(DIALECTS)('security: sessions and login on %s', (dialect) => {
  let server: Started;
  const sessionRows = () => server.dataSource.query('SELECT sid, data FROM session');

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect, {
      SESSION_IDLE_MINUTES: '5',
      SESSION_ABSOLUTE_HOURS: '2',
    });
    await request(server.url).post('/api/auth/create-admin').send(FIRST_ADMIN).expect(201);
  });
  afterAll(() => server.close());
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('#1 login with a session id chosen beforehand issues a new id; the old one answers 401', async () => {
    // The attacker gets a real session id first (e.g. a failed login that stored a session).
    const agent = browser(server.url);
    const first = await agent.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    const planted = cookieOf(first);
    await agent.post('/api/auth/logout').expect(200);
    const victim = await request(server.url)
      .post('/api/auth/login')
      .set('Cookie', planted)
      .send(FIRST_ADMIN)
      .expect(200);
    expect(cookieOf(victim)).not.toBe(planted);
    await request(server.url).get('/api/auth/me').set('Cookie', planted).expect(401);
    await request(server.url).get('/api/auth/me').set('Cookie', cookieOf(victim)).expect(200);
  });

  it('#2 logout then replaying the old cookie gives 401, and a request running during logout does not revive it', async () => {
    const login = await request(server.url).post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    const cookie = cookieOf(login);
    // A slow request (argon2 verification) overlaps the logout.
    const slow = request(server.url).put('/api/auth/change-password').set('Cookie', cookie).send({
      currentPassword: 'wrong-password',
      newPassword: 'whatever1-nube-8',
      confirmPassword: 'whatever1-nube-8',
    });
    const pending = slow.then((response) => response);
    await request(server.url).post('/api/auth/logout').set('Cookie', cookie).expect(200);
    await pending;
    await request(server.url).get('/api/auth/me').set('Cookie', cookie).expect(401);
    const rows = await sessionRows();
    expect(rows.find((row: { sid: string }) => cookie.includes(row.sid))).toBeUndefined();
  });

  it('#3 the cookie is HttpOnly and SameSite=Lax, and not Secure over plain HTTP', async () => {
    const cookie = sessionCookie(
      await request(server.url).post('/api/auth/login').send(FIRST_ADMIN).expect(200),
    )!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    // Without TRUST_PROXY, a client cannot claim HTTPS through X-Forwarded-Proto.
    const forged = await request(server.url)
      .post('/api/auth/login')
      .set('X-Forwarded-Proto', 'https')
      .send(FIRST_ADMIN);
    expect(sessionCookie(forged)).not.toMatch(/Secure/);
  });

  it('#4 idle and absolute timeouts are enforced by the server and configurable', async () => {
    const login = await request(server.url).post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    const expires = Date.parse(/Expires=([^;]+)/.exec(sessionCookie(login)!)![1]);
    expect(Math.abs(expires - (Date.now() + 5 * 60_000))).toBeLessThan(5_000); // SESSION_IDLE_MINUTES=5
    const cookie = cookieOf(login);
    const sid = decodeURIComponent(cookie.split('=')[1]).slice(2).split('.')[0];
    const [row] = await server.dataSource.query('SELECT data FROM session WHERE sid = ?', [sid]);
    const data = JSON.parse(row.data);
    expect(data.absoluteExpiresAt - Date.now()).toBeGreaterThan(2 * 3_600_000 - 60_000); // SESSION_ABSOLUTE_HOURS=2
    expect(data.absoluteExpiresAt - Date.now()).toBeLessThanOrEqual(2 * 3_600_000);

    // Idle: the server's own expiry, not the browser's cookie, decides.
    await server.dataSource.query('UPDATE session SET expires_at = ? WHERE sid = ?', [
      Date.now() - 1000,
      sid,
    ]);
    await request(server.url).get('/api/auth/me').set('Cookie', cookie).expect(401);

    // Absolute: a session in active use still ends at its absolute deadline.
    const second = await request(server.url).post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    const secondSid = decodeURIComponent(cookieOf(second).split('=')[1]).slice(2).split('.')[0];
    const [secondRow] = await server.dataSource.query('SELECT data FROM session WHERE sid = ?', [secondSid]);
    const expired = { ...JSON.parse(secondRow.data), absoluteExpiresAt: Date.now() - 1000 };
    await server.dataSource.query('UPDATE session SET data = ? WHERE sid = ?', [
      JSON.stringify(expired),
      secondSid,
    ]);
    await request(server.url).get('/api/auth/me').set('Cookie', cookieOf(second)).expect(401);
  });

  it("#5 deleting an admin ends all their sessions; changing one's password ends one's other sessions", async () => {
    const admin = browser(server.url);
    await admin.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    const created = await admin
      .post('/api/admin/users')
      .send({ username: 'victim', password: 'pájaro-carpintero-1' })
      .expect(201);
    const phone = browser(server.url);
    const laptop = browser(server.url);
    await phone
      .post('/api/auth/login')
      .send({ username: 'victim', password: 'pájaro-carpintero-1' })
      .expect(200);
    await laptop
      .post('/api/auth/login')
      .send({ username: 'victim', password: 'pájaro-carpintero-1' })
      .expect(200);
    await laptop
      .put('/api/auth/change-password')
      .send({
        currentPassword: 'pájaro-carpintero-1',
        newPassword: 'pájaro-carpintero-2',
        confirmPassword: 'pájaro-carpintero-2',
      })
      .expect(200);
    await phone.get('/api/auth/me').expect(401);
    await laptop.get('/api/auth/me').expect(200);
    await admin.delete(`/api/admin/users/${created.body.id}`).expect(204);
    await laptop.get('/api/auth/me').expect(401);
  });

  it('#6 changing a password without the right current password is refused and changes nothing', async () => {
    const admin = await (async () => {
      const agent = browser(server.url);
      await agent.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
      return agent;
    })();
    const [before] = await server.dataSource.query(
      'SELECT password_hash FROM admin_user WHERE username = ?',
      ['admin'],
    );
    for (const currentPassword of ['', 'wrong', FIRST_ADMIN.password.toUpperCase()]) {
      await admin
        .put('/api/auth/change-password')
        .send({ currentPassword, newPassword: 'hijacked1-robada-9', confirmPassword: 'hijacked1-robada-9' })
        .expect(400);
    }
    const [after] = await server.dataSource.query('SELECT password_hash FROM admin_user WHERE username = ?', [
      'admin',
    ]);
    expect(after).toEqual(before);
  });

  it('#8 an unknown user and a wrong password get the same status and body, and both verify a hash', async () => {
    // The real argon2 runs; the spy only records which hash each login verified against.
    const verify = jest.spyOn(argon2, 'verify');
    const login = (username: string) =>
      request(server.url).post('/api/auth/login').send({ username, password: 'not-the-password' });
    const unknown = await login('nobody');
    const wrong = await login('admin');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    // One argon2 verification each, at the same cost: "no such user" takes as long as "wrong password".
    expect(verify).toHaveBeenCalledTimes(2);
    const [[decoyHash], [adminHash]] = verify.mock.calls;
    const [{ password_hash: storedHash }] = await server.dataSource.query(
      'SELECT password_hash FROM admin_user WHERE username = ?',
      ['admin'],
    );
    expect(adminHash).toBe(storedHash);
    expect(decoyHash).not.toBe(storedHash);
    expect(costOf(decoyHash)).toEqual(costOf(storedHash));
    await request(server.url).post('/api/auth/login').send(FIRST_ADMIN).expect(200); // resets the failure count
  });

  it('#9 objects or arrays where strings are expected get 400, never 500, and write nothing', async () => {
    const admin = browser(server.url);
    await admin.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    const [{ n: before }] = await server.dataSource.query('SELECT COUNT(*) AS n FROM admin_user');
    const bodies = [
      ['/api/auth/login', 'post', { username: 'admin', password: { x: 1 } }],
      ['/api/auth/login', 'post', { username: { $gt: '' }, password: 'x' }],
      ['/api/auth/create-admin', 'post', { username: ['a', 'b'], password: 'secret1-tornillo-azul' }],
      ['/api/admin/users', 'post', { username: 'someone', password: { length: 10 } }],
      ['/api/admin/users', 'post', { username: 'someone', password: ['secret1-tornillo-azul'] }],
      [
        '/api/auth/change-password',
        'put',
        { currentPassword: { x: 1 }, newPassword: 'abcdef-llave-roja', confirmPassword: 'abcdef-llave-roja' },
      ],
      ['/api/admin/shops', 'post', { name: { toString: 1 } }],
    ] as const;
    for (const [path, method, body] of bodies) {
      const response = await admin[method](path).send(body);
      expect([path, response.status]).toEqual([path, 400]);
      expect(typeof response.body.message).toBe('string');
    }
    const [{ n: after }] = await server.dataSource.query('SELECT COUNT(*) AS n FROM admin_user');
    expect(Number(after)).toBe(Number(before));
  });

  it('#10 long and Unicode passwords work; over 1,024 characters is refused before hashing', async () => {
    const admin = await loggedInAdminAgain(server.url);
    for (const [username, password] of [
      ['long-pass', 'el-armero-de-la-esquina-afila-la-mira-antes-de-la-feria-de-abril'],
      ['longer-pass', Array.from({ length: 58 }, (_, i) => `contraseña${i * 7919}`).join('-')],
      ['unicode-pass', 'ñandú 🔐 пароль 密码 كلمة'],
    ]) {
      const created = await admin.post('/api/admin/users').send({ username, password });
      expect([username, created.status, created.body.code]).toEqual([username, 201, undefined]);
      await request(server.url).post('/api/auth/login').send({ username, password }).expect(200);
    }
    const hash = jest.spyOn(server.app.get(PasswordHasher), 'hash');
    const verify = jest.spyOn(server.app.get(PasswordHasher), 'verify');
    await admin
      .post('/api/admin/users')
      .send({ username: 'huge-pass', password: 'x'.repeat(1025) })
      .expect(400);
    await request(server.url)
      .post('/api/auth/login')
      .send({ username: 'admin', password: 'x'.repeat(100_000) })
      .expect(400);
    expect(hash).not.toHaveBeenCalled();
    expect(verify).not.toHaveBeenCalled();
  });
});

async function loggedInAdminAgain(url: string) {
  const agent = browser(url);
  await agent.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
  return agent;
}

describe.each(DIALECTS)('security: brute force on %s', (dialect) => {
  let database: TestDatabase;
  let direct: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    direct = await startApp(database.env);
    proxied = await startApp({ ...database.env, TRUST_PROXY: '1' }); // behind one gateway
    await loggedInAdmin(direct.url);
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
    await database.drop();
  });

  const fail = (url: string, headers: Record<string, string> = {}) =>
    request(url).post('/api/auth/login').set(headers).send({ username: 'admin', password: 'guess' });

  it('#7 ten failures for one username from one client give 429 with Retry-After; forged X-Forwarded-For does not help', async () => {
    for (let i = 0; i < 10; i++)
      expect((await fail(direct.url, { 'X-Forwarded-For': `10.0.0.${i}` })).status).toBe(401);
    const blocked = await fail(direct.url, { 'X-Forwarded-For': '10.9.9.9' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);
    // Even the right password waits out the block from that client.
    await request(direct.url).post('/api/auth/login').send(FIRST_ADMIN).expect(429);
  });

  /** The admin's own browser: it logged in before the attack, so it carries a known-device cookie. */
  let desk: ReturnType<typeof browser>;

  it('#7 failures from many clients cannot lock the real admin out of a browser they logged in with', async () => {
    desk = browser(proxied.url);
    await desk.post('/api/auth/login').set('X-Forwarded-For', '198.51.100.7').send(FIRST_ADMIN).expect(200);
    // Behind the gateway each client is told apart by X-Forwarded-For (set by the gateway).
    for (let client = 1; client <= 5; client++) {
      for (let i = 0; i < 10; i++) await fail(proxied.url, { 'X-Forwarded-For': `203.0.113.${client}` });
      expect((await fail(proxied.url, { 'X-Forwarded-For': `203.0.113.${client}` })).status).toBe(429);
    }
    // 50 guesses from 5 addresses spent the account's limit (30) for browsers it never used...
    const stranger = await request(proxied.url)
      .post('/api/auth/login')
      .set('X-Forwarded-For', '198.51.100.8')
      .send(FIRST_ADMIN);
    expect(stranger.status).toBe(429);
    // ...a forged device cookie is one of those...
    const forged = await request(proxied.url)
      .post('/api/auth/login')
      .set({ 'X-Forwarded-For': '198.51.100.8', Cookie: 'atm.device=abc.mg8u1k2z.c2lnbmF0dXJl' })
      .send(FIRST_ADMIN);
    expect(forged.status).toBe(429);
    // ...but the admin's own browser, from a new address too, logs in.
    await desk.post('/api/auth/login').set('X-Forwarded-For', '198.51.100.9').send(FIRST_ADMIN).expect(200);
  });

  it('#3 the cookie is Secure when the trusted gateway says the request came over HTTPS', async () => {
    const login = await desk
      .post('/api/auth/login')
      .set({ 'X-Forwarded-For': '198.51.100.7', 'X-Forwarded-Proto': 'https' })
      .send(FIRST_ADMIN)
      .expect(200);
    expect(sessionCookie(login)).toMatch(/; Secure/);
  });
});
