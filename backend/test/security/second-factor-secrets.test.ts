import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type TestAgent from 'supertest/lib/agent.js';
import request from 'supertest';
import { browser, FIRST_ADMIN, loggedInAdmin } from '../support/http.js';
import { enrolTotp, totpCode } from '../support/second-factor.js';
import { ANY_DIALECT, startAppOnFreshDatabase } from '../support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

/** Everything the app's logger wrote, as text. */
class CapturedLog {
  private readonly chunks: string[] = [];
  write(chunk: string): void {
    this.chunks.push(chunk);
  }
  text(): string {
    return this.chunks.join('');
  }
}

/** The GET operations of the API without path parameters: what a session can read back. */
function readableOperations(): string[] {
  const document = JSON.parse(
    readFileSync(new URL('../../../contract/openapi.json', import.meta.url), 'utf8'),
  ) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths)
    .filter(([path, item]) => 'get' in item && !path.includes('{') && path.startsWith('/api/'))
    .map(([path]) => path);
}

describe.each(ANY_DIALECT)(
  'an authenticator secret and recovery codes never leave twice on %s',
  (dialect) => {
    const log = new CapturedLog();
    let server: Started;
    let desk: TestAgent;
    let secret: string;
    let recoveryCodes: string[];
    const seen: string[] = [];
    /** Every response body of the suite after enrolment, to search for the secret. */
    const keep = (response: request.Response) => {
      seen.push(response.text ?? '', JSON.stringify(response.headers));
      return response;
    };

    beforeAll(async () => {
      server = await startAppOnFreshDatabase(
        dialect,
        { LOG_FORMAT: 'json', LOG_LEVEL: 'trace' },
        { logDestination: log },
      );
      desk = await loggedInAdmin(server.url);
      ({ secret, recoveryCodes } = await enrolTotp(desk));
    });
    afterAll(() => server.close());

    it('asking to enrol again answers 409 without any secret', async () => {
      const again = keep(await desk.post('/api/auth/totp/enrolment').expect(409));
      expect(again.body.code).toBe('TOTP_ALREADY_ENROLLED');
    });

    it('no response carries the secret after enrolment: logins, codes, every readable route', async () => {
      const agent = browser(server.url);
      keep(await agent.post('/api/auth/login').send(FIRST_ADMIN).expect(200));
      keep(await agent.post('/api/auth/second-factor').send({ code: '000000' }).expect(400));
      keep(
        await agent
          .post('/api/auth/second-factor')
          .send({ code: await totpCode(secret) })
          .expect(200),
      );
      keep(await agent.post('/api/auth/totp/enrolment/confirm').send({ code: await totpCode(secret, 30) }));
      const paths = readableOperations();
      expect(paths).toEqual(
        expect.arrayContaining(['/api/auth/me', '/api/auth/second-factors', '/api/admin/activity']),
      );
      for (const path of paths) keep(await agent.get(path));
      const everything = seen.join('\n');
      expect(everything).not.toContain(secret);
      expect(everything.toLowerCase()).not.toContain(secret.toLowerCase());
      for (const code of recoveryCodes) expect(everything).not.toContain(code);
    });

    it('the logs never hold the secret, a code or a recovery code, even at trace level', async () => {
      const typed = await totpCode(secret, -30);
      const agent = browser(server.url);
      await agent.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
      await agent.post('/api/auth/second-factor').send({ code: typed }); // already used or too old
      await agent.post('/api/auth/second-factor').send({ code: recoveryCodes[0] }).expect(200);
      const text = log.text();
      expect(text.length).toBeGreaterThan(1000);
      expect(text).not.toContain(secret);
      expect(text).not.toContain(FIRST_ADMIN.password);
      for (const code of recoveryCodes) expect(text).not.toContain(code);
      expect(text).not.toContain(typed);
    });
  },
);
