import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { browser, FIRST_ADMIN, loggedInAdmin } from './support/http.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
interface SessionRow {
  id: string;
  browser: string | null;
  os: string | null;
  deviceType: string;
  address: string | null;
  startedAt: string | null;
  lastSeenAt: string | null;
  current: boolean;
}

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const SAFARI_IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const OTHER = { username: 'segunda', password: 'brújula-de-latón-4' };

describe.each(DIALECTS)('sessions on %s', (dialect) => {
  let server: Started;
  let desk: TestAgent;
  let otherId: string;

  /** A browser with its own User-Agent, logged in as `credentials`. */
  async function device(userAgent: string, credentials = FIRST_ADMIN): Promise<TestAgent> {
    const agent = browser(server.url).set('User-Agent', userAgent);
    await agent.post('/api/auth/login').send(credentials).expect(200);
    return agent;
  }
  const mySessions = async (agent: TestAgent) =>
    (await agent.get('/api/auth/sessions').expect(200)).body as SessionRow[];
  const lastActivity = async () =>
    (await desk.get('/api/admin/activity').query({ pageSize: 1 }).expect(200)).body.items[0];

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
    await loggedInAdmin(server.url);
    desk = await device(FIREFOX_LINUX);
    otherId = (await desk.post('/api/admin/users').send(OTHER).expect(201)).body.id;
  });
  afterAll(() => server.close());

  it('lists my sessions with device, address, start and last use, never a cookie value', async () => {
    const phone = await device(CHROME_ANDROID);
    const list = await mySessions(desk);
    const mine = list.find((row) => row.current)!;
    expect(mine).toMatchObject({ browser: 'Firefox 133', os: 'Linux', deviceType: 'desktop', current: true });
    expect(list.find((row) => row.browser === 'Chrome 131')).toMatchObject({
      os: 'Android 14',
      deviceType: 'mobile',
      current: false,
      address: expect.stringMatching(/127\.0\.0\.1|::1/),
    });
    for (const row of list) {
      expect(new Date(row.startedAt!).getTime()).toBeLessThanOrEqual(new Date(row.lastSeenAt!).getTime());
    }
    const sids = (await server.dataSource.query('SELECT sid FROM session')) as { sid: string }[];
    const body = JSON.stringify(list);
    for (const { sid } of sids) expect(body).not.toContain(sid);
    // Another admin's sessions are not in my list.
    await device(SAFARI_IPAD, OTHER);
    expect((await mySessions(desk)).some((row) => row.browser?.startsWith('Safari'))).toBe(false);
    await phone.post('/api/auth/logout').expect(200);
  });

  it('notes the last use of a session on each request', async () => {
    const before = (await mySessions(desk)).find((row) => row.current)!.lastSeenAt!;
    await desk.get('/api/auth/me').expect(200);
    const after = (await mySessions(desk)).find((row) => row.current)!.lastSeenAt!;
    expect(new Date(after).getTime()).toBeGreaterThanOrEqual(new Date(before).getTime());
  });

  it('ends one other session: that browser is logged out on its next request, and it is logged', async () => {
    const phone = await device(CHROME_ANDROID);
    await phone.get('/api/auth/me').expect(200);
    const target = (await mySessions(desk)).find((row) => row.browser === 'Chrome 131')!;
    await desk.delete(`/api/auth/sessions/${target.id}`).expect(204);
    expect((await phone.get('/api/auth/me').expect(401)).body.code).toBe('UNAUTHENTICATED');
    expect(await lastActivity()).toMatchObject({
      kind: 'session.ended',
      actorName: 'admin',
      details: { browser: 'Chrome 131', os: 'Android 14' },
    });
    expect((await desk.delete(`/api/auth/sessions/${target.id}`).expect(404)).body.code).toBe(
      'SESSION_NOT_FOUND',
    );
    const current = (await mySessions(desk)).find((row) => row.current)!;
    expect((await desk.delete(`/api/auth/sessions/${current.id}`).expect(409)).body.code).toBe(
      'CURRENT_SESSION',
    );
    await desk.get('/api/auth/me').expect(200);
  });

  it("cannot end another admin's session through my list", async () => {
    const tablet = await device(SAFARI_IPAD, OTHER);
    const theirs = (await mySessions(tablet)).find((row) => row.current)!;
    await desk.delete(`/api/auth/sessions/${theirs.id}`).expect(404);
    await tablet.get('/api/auth/me').expect(200);
  });

  it('ends all my other sessions at once and keeps this one', async () => {
    const phone = await device(CHROME_ANDROID);
    const tablet = await device(SAFARI_IPAD);
    const { body } = await desk.post('/api/auth/sessions/end-others').expect(200);
    expect(body.ended).toBeGreaterThanOrEqual(2);
    await phone.get('/api/auth/me').expect(401);
    await tablet.get('/api/auth/me').expect(401);
    await desk.get('/api/auth/me').expect(200);
    expect(await mySessions(desk)).toHaveLength(1);
    expect(await lastActivity()).toMatchObject({
      kind: 'sessions.others_ended',
      details: { count: body.ended },
    });
  });

  it('ends every session of another admin, with an activity record', async () => {
    const first = await device(CHROME_ANDROID, OTHER);
    const second = await device(SAFARI_IPAD, OTHER);
    const { body } = await desk.post(`/api/admin/users/${otherId}/end-sessions`).expect(200);
    expect(body.ended).toBeGreaterThanOrEqual(2);
    await first.get('/api/auth/me').expect(401);
    await second.get('/api/auth/me').expect(401);
    await desk.get('/api/auth/me').expect(200);
    expect(await lastActivity()).toMatchObject({
      kind: 'admin.sessions_ended',
      details: { adminId: otherId, username: 'segunda', count: body.ended },
    });
    await desk.post('/api/admin/users/00000000-0000-4000-8000-000000000000/end-sessions').expect(404);
    await request(server.url).post(`/api/admin/users/${otherId}/end-sessions`).expect(401);
  });

  it('changing my password ends my other sessions', async () => {
    const phone = await device(CHROME_ANDROID);
    const newPassword = 'faro-del-norte-22';
    await desk
      .put('/api/auth/change-password')
      .send({ currentPassword: FIRST_ADMIN.password, newPassword, confirmPassword: newPassword })
      .expect(200);
    await phone.get('/api/auth/me').expect(401);
    await desk.get('/api/auth/me').expect(200);
    await desk
      .put('/api/auth/change-password')
      .send({
        currentPassword: newPassword,
        newPassword: FIRST_ADMIN.password,
        confirmPassword: FIRST_ADMIN.password,
      })
      .expect(200);
  });

  it('refuses the sessions routes without a session', async () => {
    await request(server.url).get('/api/auth/sessions').expect(401);
    await request(server.url).post('/api/auth/sessions/end-others').expect(401);
    await request(server.url).delete('/api/auth/sessions/abc').expect(401);
  });
});
