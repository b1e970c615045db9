// What an operator gets without setting anything: metrics only on loopback, data files readable
// by the backend's user alone, and a Secure session cookie when the site's address is https.
// The first two run the built backend as its own process (`dist/main.js`, as production does).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { FIRST_ADMIN, sessionCookie } from './support/http.js';
import { freePort, startBackendProcess, waitUntil, type BackendProcess } from './support/processes.js';
import { ANY_DIALECT, startAppOnFreshDatabase } from './support/test-app.js';

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Every file and folder under `dir`, with its permission bits. */
function modesUnder(dir: string): { path: string; mode: string; folder: boolean }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((path) => {
    const stats = statSync(join(dir, path));
    return { path, mode: (stats.mode & 0o777).toString(8), folder: stats.isDirectory() };
  });
}

describe('safe defaults', () => {
  const dataDirs: string[] = [];
  const backends: BackendProcess[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'atm-defaults-'));
    dataDirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const backend of backends) await backend.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  // 127.0.0.2 is this machine too, but not 127.0.0.1: a server bound to every interface
  // answers there, one bound to 127.0.0.1 does not.
  it('serves metrics on loopback only, unless METRICS_HOST names another address', async () => {
    const port = await freePort();
    const backend = await startBackendProcess({ DATA_DIR: dataDir(), METRICS_PORT: String(port) });
    backends.push(backend);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    expect(await accepts('127.0.0.2', port)).toBe(false);

    const everyPort = await freePort();
    const everywhere = await startBackendProcess({
      DATA_DIR: dataDir(),
      METRICS_PORT: String(everyPort),
      METRICS_HOST: '0.0.0.0',
    });
    backends.push(everywhere);
    expect(await accepts('127.0.0.2', everyPort)).toBe(true);
  });

  it('creates the SQLite database and stored backups 0600, their folders 0700', async () => {
    // mkdtemp makes its folder 0700 already: opened up as an operator's folder usually is
    // (0755), so the check below sees the backend tighten it.
    const dir = dataDir();
    chmodSync(dir, 0o755);
    // A schedule that fires every second stores an automatic backup at once.
    const backend = await startBackendProcess({ DATA_DIR: dir, BACKUP_SCHEDULE: '* * * * * *' });
    backends.push(backend);
    await waitUntil(
      () => modesUnder(dir).some(({ path, folder }) => !folder && /(^|\/)backups\/.+\.zip$/.test(path)),
      `a stored backup in ${dir}`,
    );
    await backend.stop();
    const modes = modesUnder(dir);
    expect(modes.map(({ path }) => path)).toEqual(expect.arrayContaining(['directory.sqlite']));
    expect(modes.filter(({ folder, mode }) => !folder && mode !== '600')).toEqual([]);
    expect(modes.filter(({ folder, mode }) => folder && mode !== '700')).toEqual([]);
    expect((statSync(dir).mode & 0o777).toString(8)).toBe('700');
  });

  describe.each(ANY_DIALECT)('with PUBLIC_URL https on %s', (dialect) => {
    let server: Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
    beforeAll(async () => {
      server = await startAppOnFreshDatabase(dialect, { PUBLIC_URL: 'https://armeros.example.mx' });
      await request(server.url).post('/api/auth/create-admin').send(FIRST_ADMIN).expect(201);
    });
    afterAll(() => server.close());

    it('marks the session cookie Secure without COOKIE_SECURE or TRUST_PROXY', async () => {
      // The gateway in front terminates TLS and says so.
      const login = await request(server.url)
        .post('/api/auth/login')
        .set('X-Forwarded-Proto', 'https')
        .send(FIRST_ADMIN)
        .expect(200);
      expect(sessionCookie(login)).toMatch(/; Secure/);
    });
  });
});
