import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';

/** A cookie-keeping client, like one browser. */
export function browser(url: string): TestAgent {
  return request.agent(url);
}

export const FIRST_ADMIN = { username: 'admin', password: 'first-secret' };

/** Creates the first admin and returns a logged-in client for it. */
export async function loggedInAdmin(url: string, credentials = FIRST_ADMIN): Promise<TestAgent> {
  await request(url).post('/api/auth/create-admin').send(credentials).expect(201);
  const agent = browser(url);
  await agent.post('/api/auth/login').send(credentials).expect(200);
  return agent;
}

/** The value of the session cookie in a response, or undefined. */
export function sessionCookie(response: { headers: Record<string, unknown> }): string | undefined {
  const cookies = (response.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.find((cookie) => cookie.startsWith('atm.sid='));
}
