import { generate } from 'otplib';
import type { DataSource } from 'typeorm';
import type TestAgent from 'supertest/lib/agent.js';

/** A code is only handed out while this much of its 30 s time step is left. */
const STEP_MS = 30_000;
const MARGIN_MS = 5_000;

/**
 * The authenticator app's code for a moment `offsetSeconds` from now: -30, 0 and +30 give three
 * different codes the server accepts (it allows one step either side), so a suite can log in
 * several times without waiting for the clock. Near the end of a step it waits for the next one:
 * a -30 code that reaches the server after the step has turned is two steps old, and refused.
 */
export async function totpCode(secret: string, offsetSeconds = 0): Promise<string> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < MARGIN_MS) await new Promise((resolve) => setTimeout(resolve, left + 50));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

/** Sets up an authenticator app for the agent's admin; the secret and the recovery codes. */
export async function enrolTotp(agent: TestAgent): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = (await agent.post('/api/auth/totp/enrolment').expect(200)).body as { secret: string };
  const confirmed = await agent
    .post('/api/auth/totp/enrolment/confirm')
    .send({ code: await totpCode(secret, -30) })
    .expect(200);
  return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

/** Forgets which time step was used last, as if the clock had moved on (each code works once). */
export async function forgetUsedCodes(dataSource: DataSource): Promise<void> {
  await dataSource.query('UPDATE admin_totp_factor SET last_used_step = NULL');
}

/** Moves every session's last password check 6 minutes into the past. */
export async function ageAuthentication(dataSource: DataSource): Promise<void> {
  const rows = (await dataSource.query('SELECT sid, data FROM session')) as { sid: string; data: string }[];
  for (const row of rows) {
    const data = JSON.parse(row.data) as { authenticatedAt?: number };
    data.authenticatedAt = Date.now() - 6 * 60_000;
    await dataSource.query('UPDATE session SET data = ? WHERE sid = ?', [JSON.stringify(data), row.sid]);
  }
}
