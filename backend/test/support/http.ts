import http from 'node:http';
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

export interface Raw {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One request on its own connection; the raw bytes and headers (nothing decoded). */
export function raw(url: string, method = 'GET', headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const all: Record<string, string> = {};
          for (let i = 0; i < response.rawHeaders.length; i += 2) {
            all[response.rawHeaders[i].toLowerCase()] = response.rawHeaders[i + 1];
          }
          resolve({ status: response.statusCode!, headers: all, body: Buffer.concat(chunks) });
        });
        response.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}
