import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
const PREAMBLE = 'document.documentElement.lang="en";';
const PREAMBLE_SOURCE = `'sha256-${createHash('sha256').update(PREAMBLE).digest('base64')}'`;

/** The backend serving built frontends from one port (what `npm start` does). */
describe('serving the built frontends', () => {
  let server: Started;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'atm-frontends-'));
    const write = (path: string, content: string) => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), content);
    };
    write(
      'frontend-shell/dist/index.html',
      `<!doctype html><title>ATM</title><script>${PREAMBLE}</script><div id="root"></div>`,
    );
    write('frontend-shell/dist/main.0123456789abcdef.js', 'console.log("shell")');
    write('frontend-directory/dist/mf-manifest.json', '{"name":"directory"}');
    write('frontend-directory/dist/remoteEntry.js', 'var directory;');
    write('frontend-directory/dist/412.89abcdef01.js', 'chunk');
    server = await startAppOnFreshDatabase('sqlite', {
      FRONTEND_ROOT: root,
      REMOTE_ADMIN_URL: 'https://admin.cdn.example/mf-manifest.json',
    });
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the shell for its routes and a 404 page for unknown paths', async () => {
    for (const path of ['/', '/shops', '/admin', '/admin/login', '/admin/shops/edit/x']) {
      const response = await request(server.url).get(path).expect(200);
      expect(response.text).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const missing = await request(server.url).get('/nope').expect(404);
    expect(missing.text).toContain('<div id="root">');
  });

  it('caches hashed files for a year and entry files never without revalidation', async () => {
    const hashed = await request(server.url).get('/main.0123456789abcdef.js').expect(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(
      (await request(server.url).get('/remotes/directory/412.89abcdef01.js').expect(200)).headers[
        'cache-control'
      ],
    ).toBe('public, max-age=31536000, immutable');
    for (const path of ['/remotes/directory/mf-manifest.json', '/remotes/directory/remoteEntry.js']) {
      expect((await request(server.url).get(path).expect(200)).headers['cache-control']).toBe('no-cache');
    }
  });

  it('tells the shell where the remotes are, from configuration', async () => {
    const response = await request(server.url).get('/runtime-config.js').expect(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.text).toBe(
      'window.__ATM_RUNTIME__ = {"remotes":{"directory":"/remotes/directory/mf-manifest.json","admin":"https://admin.cdn.example/mf-manifest.json"}};\n',
    );
  });

  it("lets pages load a remote configured on another origin and the shell's preamble, and nothing else", async () => {
    const csp = (await request(server.url).get('/').expect(200)).headers['content-security-policy'];
    for (const directive of ['script-src', 'style-src', 'connect-src']) {
      const sources = new RegExp(`${directive} ([^;]*)`).exec(csp)![1].split(' ');
      expect(sources).toContain('https://admin.cdn.example');
      expect(sources.filter((source) => source !== "'unsafe-inline'")).toEqual(
        directive === 'script-src'
          ? ["'self'", PREAMBLE_SOURCE, 'https://admin.cdn.example']
          : ["'self'", 'https://admin.cdn.example'],
      );
    }
    // The shell's inline preamble runs by its hash; no other inline script does.
    expect(/script-src ([^;]*)/.exec(csp)![1]).not.toContain("'unsafe-inline'");
    expect(csp).toContain("object-src 'none'");
  });

  it('leaves the API and images to the backend', async () => {
    await request(server.url).get('/api/nope').expect(404).expect('Content-Type', /json/);
    await request(server.url).get('/api/auth/me').expect(401);
    await request(server.url)
      .get('/objects/uploads/00000000-0000-4000-8000-000000000000')
      .expect(404)
      .expect('Content-Type', /json/);
    await request(server.url).get('/remotes/admin/mf-manifest.json').expect(404);
  });
});
