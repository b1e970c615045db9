import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';
import { SoftwareAuthenticator, type CeremonyOverrides } from './software-authenticator.js';

/** The site the test apps are configured as (PUBLIC_URL): WebAuthn allows http on localhost. */
export const PASSKEY_SITE = 'http://localhost:4123';
export const PASSKEY_ENV = { PUBLIC_URL: PASSKEY_SITE };

type Options = { challenge: string; user: { id: string } } & Record<string, unknown>;

export async function registrationOptions(agent: TestAgent): Promise<Options> {
  return (await agent.post('/api/auth/passkeys/registration-options').expect(200)).body.options as Options;
}

export async function authenticationOptions(agent: TestAgent): Promise<Options> {
  return (await agent.post('/api/auth/passkeys/authentication-options').expect(200)).body.options as Options;
}

/** Registers a new software passkey for the agent's admin; returns the authenticator and the created row. */
export async function enrolPasskey(agent: TestAgent, name = 'Laptop') {
  const authenticator = new SoftwareAuthenticator(PASSKEY_SITE);
  const options = await registrationOptions(agent);
  const created = await agent
    .post('/api/auth/passkeys')
    .send({ name, credential: authenticator.register(options) })
    .expect(201);
  return { authenticator, passkey: created.body as { id: string; name: string } };
}

/** Asks for a challenge with `agent` and answers it with `authenticator` (bent by `overrides`). */
export async function passkeySignIn(
  agent: TestAgent,
  authenticator: SoftwareAuthenticator,
  overrides: CeremonyOverrides = {},
  path = '/api/auth/passkeys/sign-in',
) {
  const options = await authenticationOptions(agent);
  return agent.post(path).send({ credential: authenticator.assert(options, overrides) });
}

/** Moves every session's last proof of identity 6 minutes into the past, as if the admin had left the desk. */
export async function ageAuthentication(dataSource: DataSource): Promise<void> {
  await editSessions(dataSource, (data) => (data.authenticatedAt = Date.now() - 6 * 60_000));
}

/** Changes every stored session's data in place. */
export async function editSessions(
  dataSource: DataSource,
  edit: (data: Record<string, unknown>) => void,
): Promise<void> {
  const rows = (await dataSource.query('SELECT sid, data FROM session')) as { sid: string; data: string }[];
  for (const row of rows) {
    const data = JSON.parse(row.data) as Record<string, unknown>;
    edit(data);
    await dataSource.query('UPDATE session SET data = ? WHERE sid = ?', [JSON.stringify(data), row.sid]);
  }
}

/** Options for the passkey step after the password (the agent's password was just given). */
export async function secondFactorOptions(agent: TestAgent): Promise<Options> {
  return (await agent.post('/api/auth/second-factor/passkey/options').expect(200)).body.options as Options;
}

/**
 * Logs `agent` in with the password, then answers the second step with `authenticator` (bent by
 * `overrides`); returns the answer to that second step.
 */
export async function passwordThenPasskey(
  agent: TestAgent,
  credentials: { username: string; password: string },
  authenticator: SoftwareAuthenticator,
  overrides: CeremonyOverrides = {},
) {
  const login = await agent.post('/api/auth/login').send(credentials).expect(200);
  if (login.body.pendingStep !== 'second-factor') throw new Error('No second step after the password');
  const options = await secondFactorOptions(agent);
  return agent
    .post('/api/auth/second-factor/passkey')
    .send({ credential: authenticator.assert(options, overrides) });
}
