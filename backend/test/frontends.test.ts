import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { ANY_DIALECT, startAppOnFreshDatabase } from './support/test-app.js';

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
    write('frontend-shell/dist/sw.js', 'self.addEventListener("fetch", () => {});');
    write('frontend-directory/dist/mf-manifest.json', '{"name":"directory"}');
    write('frontend-directory/dist/remoteEntry.js', 'var directory;');
    write('frontend-directory/dist/412.89abcdef01.js', 'chunk');
    // Source maps left in dist by an older build: never served.
    write('frontend-shell/dist/main.0123456789abcdef.js.map', '{"sourcesContent":["secret"]}');
    write('frontend-directory/dist/412.89abcdef01.js.map', '{"sourcesContent":["secret"]}');
    server = await startAppOnFreshDatabase(ANY_DIALECT[0], {
      FRONTEND_ROOT: root,
      REMOTE_ADMIN_URL: 'https://admin.cdn.example/mf-manifest.json',
      MAP_TILE_URL: 'http://tiles.internal.example:8080/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '<a href="https://tiles.example/about">Example</a> tiles',
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
    for (const path of ['/admin/', '/admin/users', '/admin/backup', '/admin/shops/new']) {
      await request(server.url).get(path).expect(200);
    }
    // Unknown paths, under /admin too: the shell's 404 page with a 404 status.
    for (const path of ['/nope', '/admin/nope', '/admin/shops', '/admin/shops/edit/x/y', '/admin/users/x']) {
      const missing = await request(server.url).get(path).expect(404);
      expect(missing.text).toContain('<div id="root">');
    }
  });

  it("answers /robots.txt and /sitemap.xml itself, before the shell's pages", async () => {
    const robots = await request(server.url).get('/robots.txt').expect(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.text).toContain('Disallow: /admin');
    const sitemap = await request(server.url).get('/sitemap.xml').expect(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.text).toContain('<urlset');
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

  it('tells the shell where the remotes and the map tiles are, from configuration', async () => {
    const response = await request(server.url).get('/runtime-config.js').expect(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.text).toMatch(/^window\.__ATM_RUNTIME__ = (.*);\n$/);
    // `<` is escaped in the script, and reads back as itself.
    expect(response.text).not.toContain('<a');
    const runtime = JSON.parse(/= (.*);\n$/.exec(response.text)![1]) as unknown;
    expect(runtime).toEqual({
      remotes: {
        directory: '/remotes/directory/mf-manifest.json',
        admin: 'https://admin.cdn.example/mf-manifest.json',
      },
      map: {
        tileUrl: 'http://tiles.internal.example:8080/{z}/{x}/{y}.png',
        attribution: '<a href="https://tiles.example/about">Example</a> tiles',
      },
    });
  });

  it('lets pages show map tiles from a plain-HTTP tile server named in MAP_TILE_URL', async () => {
    const csp = (await request(server.url).get('/').expect(200)).headers['content-security-policy'];
    expect(/img-src ([^;]*)/.exec(csp)![1].split(' ')).toEqual([
      "'self'",
      'data:',
      'https:',
      'http://tiles.internal.example:8080',
    ]);
  });

  it('serves the service worker from the root, revalidated, and lets it fetch the tiles it keeps', async () => {
    const response = await request(server.url).get('/sw.js').expect(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const connect = /connect-src ([^;]*)/.exec(response.headers['content-security-policy'])![1].split(' ');
    expect(connect).toEqual(
      expect.arrayContaining(["'self'", 'https:', 'http://tiles.internal.example:8080']),
    );
    // The pages' own policy stays as it was.
    const page = (await request(server.url).get('/').expect(200)).headers['content-security-policy'];
    expect(/connect-src ([^;]*)/.exec(page)![1].split(' ')).not.toContain('https:');
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

  it('serves no source map, even one left in a dist folder', async () => {
    for (const path of [
      '/main.0123456789abcdef.js.map',
      '/remotes/directory/412.89abcdef01.js.map',
      '/remotes/directory/remoteEntry.js.map',
      '/js/anything.js.map',
    ]) {
      const response = await request(server.url).get(path).expect(404);
      expect(response.text).not.toContain('secret');
    }
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

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));
const FRONTENDS = [
  { name: 'shell', prefix: '' },
  { name: 'directory', prefix: '/remotes/directory' },
  { name: 'admin', prefix: '/remotes/admin' },
];
const built = FRONTENDS.every(({ name }) => existsSync(join(REPOSITORY, `frontend-${name}`, 'dist')));

/** Every file under a folder, as paths relative to it with forward slashes. */
const filesUnder = (folder: string) =>
  existsSync(folder)
    ? readdirSync(folder, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split('\\').join('/'))
    : [];

// The real production builds (`npm test` and CI build them first).
(built ? describe : describe.skip)('serving the production builds', () => {
  let server: Started;
  beforeAll(async () => {
    server = await startAppOnFreshDatabase(ANY_DIALECT[0], { FRONTEND_ROOT: REPOSITORY });
  });
  afterAll(() => server.close());

  it('serves no script that points to a source map, and no source map', async () => {
    let scripts = 0;
    for (const { name, prefix } of FRONTENDS) {
      const dist = join(REPOSITORY, `frontend-${name}`, 'dist');
      for (const file of filesUnder(dist).filter((path) => /\.(js|css)$/.test(path))) {
        const response = await request(server.url).get(`${prefix}/${file}`).expect(200);
        expect(response.text).not.toMatch(/sourceMappingURL/);
        scripts++;
      }
      const maps = filesUnder(join(REPOSITORY, `frontend-${name}`, 'dist-sourcemaps'));
      expect(maps.length).toBeGreaterThan(0); // kept beside the build, to read stack traces
      for (const map of maps) await request(server.url).get(`${prefix}/${map}`).expect(404);
    }
    expect(scripts).toBeGreaterThan(10);
  });
});
