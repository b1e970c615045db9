// The gateway's edge: health from both replicas, HTTPS only, the static frontends' caching and
// compression, the crawler files, and no source served.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from '../support/processes.mjs';
import { it, ROOT } from '../support/topology.mjs';

/** Registers these tests in the enclosing describe, against `topology` (support/topology.mjs). */
export function edgeTests(topology) {
  const { ports, logged, lastLogged, lastUpstream, answeredBy, get } = topology;

  it('/api/health through the gateway: database and storage up, answered by both replicas', async () => {
    for (let i = 0; i < 4; i++) {
      const response = await get('/api/health');
      assert.equal(response.status, 200, response.body.toString());
      assert.deepEqual(JSON.parse(response.body), { status: 'ok', database: 'up', storage: 'up' });
    }
    await lastLogged('GET /api/health', 4);
    const upstreams = new Set(logged('GET /api/health').map(lastUpstream));
    assert.deepEqual(
      [...upstreams].sort(),
      [`127.0.0.1:${ports['backend-a']}`, `127.0.0.1:${ports['backend-b']}`].sort(),
    );
  });

  it('HTTPS only: plain HTTP redirects, HTTPS answers with HSTS once', async () => {
    const redirect = await request(`http://127.0.0.1:${ports.gateway}/shops?x=1`);
    assert.equal(redirect.status, 301);
    assert.equal(redirect.headers.location, 'https://127.0.0.1/shops?x=1');
    for (const path of ['/', '/api/shops']) {
      const response = await get(path);
      assert.equal(response.status, 200);
      assert.equal(
        response.headers['strict-transport-security'],
        'max-age=31536000; includeSubDomains',
        path,
      );
    }
  });

  it('frontends: pages revalidated, hashed files cached a year, brotli and gzip, the 404 page', async () => {
    const page = await get('/');
    assert.equal(page.status, 200);
    assert.match(page.headers['content-type'], /^text\/html/);
    assert.equal(page.headers['cache-control'], 'no-cache');
    assert.match(page.headers['content-security-policy'], /connect-src 'self'/);
    // The shell's built page as its static server has it; the backends fill it in for each page.
    const shellPage = await get('/index.html');
    assert.equal(shellPage.status, 200);
    const html = shellPage.body.toString();
    assert.equal(html, readFileSync(join(ROOT, 'frontend-shell', 'dist', 'index.html'), 'utf8'));
    // The inline preamble runs only if the policy lists its hash: the static server's
    // (security-headers.conf) and the backends' (computed from the same index.html).
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
    assert.ok(inline.length > 0, 'the shell has an inline preamble');
    for (const [, body] of inline) {
      const source = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
      for (const [response, whose] of [
        [shellPage, 'update deploy/frontend/security-headers.conf'],
        [page, "the backend's page"],
      ])
        assert.ok(
          response.headers['content-security-policy'].includes(source),
          `CSP lacks ${source}: ${whose}`,
        );
      assert.ok(
        page.body.toString().includes(`<script>${body}</script>`),
        'the rendered page keeps the preamble',
      );
    }

    // The admin's page from the backends: the shell's page with its title and noindex.
    const login = await get('/admin/login');
    assert.equal(login.status, 200);
    assert.match(login.body.toString(), /<meta name="robots" content="noindex">/);
    assert.equal((await get('/admin/no-such-page')).status, 404);
    // A path that is no file and no page: the backends' 404 page, in Spanish (its URL's language).
    const missingPage = await get('/no-such-page');
    assert.equal(missingPage.status, 404);
    assert.match(missingPage.headers['content-type'], /^text\/html/);
    assert.match(missingPage.body.toString(), /<html lang="es"/);
    assert.notEqual(missingPage.body.toString(), html);
    assert.match(await answeredBy('GET /no-such-page'), /^backend-[ab]$/);

    const script = /src="?(\/js\/main\.[0-9a-f]+\.js)/.exec(html)?.[1];
    assert.ok(script, 'the shell index.html loads /js/main.<hash>.js');
    const original = readFileSync(join(ROOT, 'frontend-shell', 'dist', script));
    const br = await get(script, { 'Accept-Encoding': 'gzip, deflate, br' });
    assert.equal(br.status, 200);
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.match(br.headers.vary ?? '', /Accept-Encoding/i);
    assert.ok(brotliDecompressSync(br.body).equals(original));
    const gz = await get(script, { 'Accept-Encoding': 'gzip' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.ok(gunzipSync(gz.body).equals(original));
    const plain = await get(script);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(plain.body.equals(original));

    for (const remote of ['directory', 'admin']) {
      const dist = join(ROOT, `frontend-${remote}`, 'dist');
      for (const name of ['mf-manifest.json', 'remoteEntry.js']) {
        const response = await get(`/remotes/${remote}/${name}`);
        assert.equal(response.status, 200, `${remote}/${name}`);
        assert.equal(response.headers['cache-control'], 'no-cache', `${remote}/${name}`);
      }
      const hashed = readdirSync(join(dist, 'js')).find((name) => /\.[0-9a-f]{8,}\.js$/.test(name));
      const response = await get(`/remotes/${remote}/js/${hashed}`, { 'Accept-Encoding': 'br' });
      assert.equal(response.status, 200);
      assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.ok(brotliDecompressSync(response.body).equals(readFileSync(join(dist, 'js', hashed))));
    }

    const runtime = await get('/runtime-config.js');
    assert.equal(runtime.status, 200);
    assert.match(runtime.body.toString(), /"directory":"\/remotes\/directory\/mf-manifest\.json"/);
    assert.match(runtime.body.toString(), /"admin":"\/remotes\/admin\/mf-manifest\.json"/);
  });

  it('crawler files from the backends: robots.txt names the sitemap, which comes compressed with an ETag', async () => {
    const robots = await get('/robots.txt');
    assert.equal(robots.status, 200);
    assert.match(robots.headers['content-type'], /^text\/plain/);
    assert.match(robots.body.toString(), /^Disallow: \/api\/$/m);
    assert.match(robots.body.toString(), new RegExp(`^Sitemap: ${topology.origin}/sitemap\\.xml$`, 'm'));
    const sitemap = await get('/sitemap.xml', { 'Accept-Encoding': 'gzip, deflate, br' });
    assert.equal(sitemap.status, 200);
    assert.equal(sitemap.headers['content-encoding'], 'br');
    assert.match(sitemap.headers['content-type'], /^application\/xml/);
    const xml = brotliDecompressSync(sitemap.body).toString();
    assert.ok(
      xml.includes(`<loc>${topology.origin}/</loc>`) && xml.includes(`<loc>${topology.origin}/en/</loc>`),
      xml,
    );
    const again = await get('/sitemap.xml', { 'If-None-Match': sitemap.headers.etag });
    assert.equal(again.status, 304);
    // Answered by a backend, not by the shell's static server (whose 404 page is HTML).
    assert.match(await lastLogged('GET /sitemap.xml'), /upstream=127\.0\.0\.1:/);
  });

  it('no source is served: no script points to a source map, and every .map path is 404', async () => {
    for (const [remote, prefix] of [
      ['shell', ''],
      ['directory', '/remotes/directory'],
      ['admin', '/remotes/admin'],
    ]) {
      const folder = join(ROOT, `frontend-${remote}`);
      const scripts = readdirSync(join(folder, 'dist'), { recursive: true }).filter((name) =>
        name.endsWith('.js'),
      );
      for (const script of scripts) {
        const response = await get(`${prefix}/${script}`);
        assert.equal(response.status, 200, `${prefix}/${script}`);
        assert.doesNotMatch(response.body.toString(), /sourceMappingURL/, `${prefix}/${script}`);
      }
      const mapsFolder = join(folder, 'dist-sourcemaps');
      assert.ok(existsSync(mapsFolder), `${mapsFolder} is missing: rebuild frontend-${remote}`);
      const maps = readdirSync(mapsFolder, { recursive: true }).filter((name) => name.endsWith('.map'));
      assert.ok(maps.length > 0, `${mapsFolder} holds the maps`);
      for (const map of maps) {
        assert.equal((await get(`${prefix}/${map}`)).status, 404, `${prefix}/${map}`);
      }
    }
  });
}
