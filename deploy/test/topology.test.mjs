// The production topology of deploy/ and docker-compose.yml, run for real without Docker:
// MariaDB, an S3-compatible server (s3rver, standing in for Garage), two backend processes, one nginx per static
// frontend and the nginx gateway, all with the configuration files of deploy/ copied as they
// are (only listen.conf and upstreams.conf, the place-specific files, are written here), over
// HTTPS with a throw-away certificate. Then the smoke journey in Chromium through the gateway:
// log in on replica A, upload and save through replica B, see the shop in the public listing.
// The public pages come from the backends, rendered on the server from the frontends' Node
// builds the backend image carries (only those files, as the image has them).
// Then what an operator relies on: request ids from the gateway to the backend's JSON log and
// back, no secret in any log line, metrics on their own port only, a replica stopped with
// SIGTERM under load losing no request, and a restore interrupted by SIGTERM all or nothing.
// Run with `npm run test:topology` (deploy/test/run.mjs), which reports the totals for CI.
// Functions passed to page.evaluate and page.waitForFunction run in the browser.
/* global document */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  openSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { makePng } from '../../e2e/support/images.mjs';
import { precompress } from '../frontend/precompress.mjs';
import { productionNodeFlags } from '../../tools/production-command.mjs';
import { backendImageStage } from './images.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DEPLOY = join(ROOT, 'deploy');
const BACKEND_MAIN = join(ROOT, 'backend', 'dist', 'main.js');
const BUCKET = 'atm-images';
const FRONTENDS = ['shell', 'directory', 'admin'];

const has = (command, args = ['--version']) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const hasNginx = has('nginx', ['-v']);
const hasBrotli =
  existsSync('/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so') &&
  existsSync('/usr/lib/nginx/modules/ngx_http_brotli_static_module.so');
const missing = [
  !process.env.TEST_MYSQL_URL && 'TEST_MYSQL_URL is not set (a MariaDB/MySQL user that may create databases)',
  !hasNginx && 'nginx is not installed (apt-get install nginx-light)',
  hasNginx &&
    !hasBrotli &&
    'the nginx brotli modules are not installed (apt-get install libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static)',
  !has('openssl', ['version']) && 'openssl is not installed',
  !existsSync('/usr/bin/chromium') && 'chromium is not installed (/usr/bin/chromium)',
].filter(Boolean);
const skipTopology = missing.length ? `skipped: ${missing.join('; ')}` : false;
const skipCompose = has('docker-compose', ['version'])
  ? false
  : 'skipped: docker-compose is not installed (apt-get install --no-install-recommends docker-compose)';

/** Every process this file starts, so that even a crash of the test stops them by pid. */
const children = new Set();
process.on('exit', () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Polls `check` until it answers true; gives up at once if the process `alive` says it died. */
async function waitFor(check, what, alive = () => true, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (!alive()) throw new Error(`Exited while waiting for ${what}`);
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A process started with spawn, with its output kept, stopped by its pid. With `logFile` its
 * output goes to that file instead of a pipe (nginx opens /dev/stdout for its access log,
 * which works on a file or a terminal but not on the socket Node uses for a pipe).
 */
function startProcess(command, args, options, logFile) {
  const fd = logFile ? openSync(logFile, 'a') : undefined;
  const child = spawn(command, args, { ...options, stdio: ['ignore', fd ?? 'pipe', fd ?? 'pipe'] });
  if (fd !== undefined) closeSync(fd);
  children.add(child);
  let piped = '';
  let stdout = '';
  child.stdout?.on('data', (data) => {
    piped += data;
    stdout += data;
  });
  child.stderr?.on('data', (data) => (piped += data));
  const output = () => (logFile ? readFileSync(logFile, 'utf8') : piped);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    pid: child.pid,
    output,
    /** Standard output alone (a backend's log lines; Node's own warnings go to stderr). */
    stdout: () => stdout,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    /** Resolves with { code, signal } once the process has ended. */
    whenExited: () => exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(child.pid, 'SIGTERM');
      const timer = setTimeout(() => child.exitCode === null && process.kill(child.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** One HTTP(S) request; the body is left as sent (no decompression), as a Buffer. */
function request(url, { method = 'GET', headers = {}, body, ca } = {}) {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method, headers, ca, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Copies deploy/ files verbatim into a conf folder (a flat layout, as the images have). */
function copyConf(confDir, files) {
  mkdirSync(confDir, { recursive: true });
  for (const [name, source] of Object.entries(files)) cpSync(join(DEPLOY, source), join(confDir, name));
}

/** Replaces one exact piece of a deploy/ file; fails loudly if the file no longer has it. */
function substitute(text, from, to) {
  assert.ok(text.includes(from), `expected "${from}" in the deploy configuration`);
  return text.replaceAll(from, to);
}

describe('docker-compose.yml', { skip: skipCompose }, () => {
  const compose = (...args) =>
    spawnSync(
      'docker-compose',
      ['--env-file', join(DEPLOY, '.env.example'), '-f', join(ROOT, 'docker-compose.yml'), ...args],
      {
        encoding: 'utf8',
        cwd: ROOT,
      },
    );

  it('is valid for docker-compose and defines the whole topology', () => {
    const checked = compose('config', '-q');
    assert.equal(checked.status, 0, checked.stderr);
    const services = compose('config', '--services').stdout.trim().split('\n').sort();
    assert.deepEqual(services, [
      'backend-a',
      'backend-b',
      'frontend-admin',
      'frontend-directory',
      'frontend-shell',
      'garage',
      'gateway',
      'mysql',
    ]);
    const resolved = compose('config').stdout;
    assert.match(resolved, /image: mysql:8\./);
    assert.match(resolved, /image: dxflrs\/garage:v2\./);
    assert.match(resolved, /S3_ENDPOINT: http:\/\/garage:3900/);
    assert.match(resolved, /PUBLIC_URL: http:\/\/atm\.localhost/);
    assert.match(resolved, /GARAGE_DEFAULT_BUCKET: atm-images/);
    assert.match(resolved, /\/api\/health\/ready/);
    assert.match(resolved, /S3_BUCKET: atm-images/);
    assert.match(resolved, /DATABASE_URL: mysql:\/\/atm:change-me-mysql@mysql:3306\/atm/);
  });

  it('refuses to start without the secrets of .env', () => {
    const result = spawnSync('docker-compose', ['-f', join(ROOT, 'docker-compose.yml'), 'config', '-q'], {
      encoding: 'utf8',
      cwd: tmpdir(), // no .env here
      env: { ...process.env, SESSION_SECRET: '', MYSQL_PASSWORD: '' },
    });
    assert.notEqual(result.status, 0);
    assert.match(
      result.stderr,
      /set (MYSQL_PASSWORD|SESSION_SECRET|MYSQL_ROOT_PASSWORD|GARAGE_RPC_SECRET|S3_ACCESS_KEY_ID|S3_SECRET_ACCESS_KEY) in \.env/,
    );
  });
});

describe('production topology through the gateway', { skip: skipTopology }, () => {
  let work;
  /** FRONTEND_ROOT of the backends: what deploy/backend/Dockerfile copies there, nothing else. */
  let backendRoot;
  let cert;
  let database;
  let databaseUrl;
  let s3;
  const statics = {};
  let gateway;
  let gatewayLog = () => '';
  const backends = {};
  /** Every backend process this run started, restarts included (for their output). */
  const backendOutputs = [];
  const ports = {};
  let s3Port;
  let origin;
  let browser;
  const admin = { username: 'topology-admin', password: `Pw-${randomBytes(12).toString('hex')}` };
  const secret = randomBytes(36).toString('base64url');

  const startBackend = async (name) => {
    const port = ports[`backend-${name}`];
    const dataDir = join(work, `data-${name}`);
    mkdirSync(dataDir, { recursive: true });
    // The image's command: its Node flags (from the Dockerfile's CMD), then the built backend.
    const backend = startProcess(process.execPath, [...productionNodeFlags(), BACKEND_MAIN], {
      cwd: join(ROOT, 'backend'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        FRONTEND_ROOT: backendRoot, // as in the image: the server render's files only
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: secret,
        TRUST_PROXY: '1',
        SEED_DEMO_DATA: 'false',
        METRICS_PORT: String(ports[`metrics-${name}`]),
        STORAGE: 's3',
        // As in docker-compose.yml: the store directly, and the gateway's URL for the browser.
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        PUBLIC_URL: origin,
        S3_BUCKET: BUCKET,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    backendOutputs.push(backend);
    await waitFor(
      async () => (await request(`http://127.0.0.1:${port}/api/health`)).status === 200,
      `backend ${name} on port ${port}`,
      () => !backend.exited(),
    ).catch((error) => {
      throw new Error(`${error.message}\n${backend.output()}`);
    });
    backends[name] = backend;
  };

  const startNginx = async (name, confDir, prefix, port) => {
    mkdirSync(join(prefix, 'tmp'), { recursive: true });
    const args = [
      '-p',
      `${prefix}/`,
      '-c',
      join(confDir, 'nginx.conf'),
      '-g',
      `daemon off; pid ${join(prefix, 'nginx.pid')};`,
    ];
    const logFile = join(prefix, 'nginx.log');
    const checkLog = openSync(logFile, 'a');
    const check = spawnSync('nginx', ['-t', ...args.slice(0, 4), '-g', `pid ${join(prefix, 'nginx.pid')};`], {
      encoding: 'utf8',
      stdio: ['ignore', checkLog, 'pipe'],
    });
    closeSync(checkLog);
    assert.equal(check.status, 0, `nginx -t for ${name}: ${check.stderr}`);
    const server = startProcess('nginx', args, {}, logFile);
    await waitFor(
      async () => Boolean(await request(`http://127.0.0.1:${port}/`)),
      `nginx ${name} on port ${port}`,
      () => !server.exited(),
    ).catch((error) => {
      throw new Error(`${error.message}\n${server.output()}`);
    });
    return server;
  };

  /** The gateway's access-log lines for one request line, e.g. "POST /api/auth/login". */
  const logged = (requestLine) =>
    gatewayLog()
      .split('\n')
      .filter((line) => line.includes(`"${requestLine} HTTP/`));
  /** The last such line, once nginx has written it (it logs just after answering). */
  const lastLogged = async (requestLine, count = 1) => {
    await waitFor(async () => logged(requestLine).length >= count, `the gateway's log of ${requestLine}`);
    return logged(requestLine).at(-1);
  };
  // Addresses tried are separated by ", ", and by " : " across an internal redirect (error_page).
  const lastUpstream = (line) =>
    /upstream=(\S+(?:(?:, | : )\S+)*) upstream_status/
      .exec(line)?.[1]
      .split(/, | : /)
      .pop();
  /** Which process answered the last such request: 'backend-a', 'shell', ... (the ports' names). */
  const answeredBy = async (requestLine) => {
    const upstream = lastUpstream(await lastLogged(requestLine));
    return Object.keys(ports).find((name) => upstream === `127.0.0.1:${ports[name]}`) ?? upstream;
  };
  /** Asks /api/health through the gateway until the access log shows replica `name` answering. */
  const gatewayServesFrom = async (name) => {
    const upstream = `127.0.0.1:${ports[`backend-${name}`]}`;
    const seen = logged('GET /api/health').length;
    await waitFor(
      async () => {
        await get('/api/health');
        return logged('GET /api/health')
          .slice(seen)
          .some((line) => lastUpstream(line) === upstream && line.includes('" 200 '));
      },
      `the gateway to send requests to replica ${name}`,
      undefined,
      30_000,
    );
  };

  before(async () => {
    for (const [what, file] of [
      ['the backend build (npm run build -w backend)', BACKEND_MAIN],
      ...FRONTENDS.map((name) => [
        `the ${name} build (npm run build:frontends)`,
        join(ROOT, `frontend-${name}`, 'dist', 'mf-manifest.json'),
      ]),
    ])
      assert.ok(existsSync(file), `${what} is missing: ${file}`);

    work = mkdtempSync(join(tmpdir(), 'atm-topology-'));
    chmodSync(work, 0o755); // nginx workers run as nobody and read the frontends from here
    backendRoot = join(work, 'backend-root');
    const { copies } = backendImageStage(ROOT);
    assert.ok(copies.length > 0, 'deploy/backend/Dockerfile copies no frontend build');
    for (const { source, destination } of copies)
      cpSync(join(ROOT, source), join(backendRoot, destination), { recursive: true });
    // The Node builds require React & co. from a node_modules above them: in the image that is
    // /app/node_modules, beside them under FRONTEND_ROOT=/app; here, the repository's.
    symlinkSync(join(ROOT, 'node_modules'), join(backendRoot, 'node_modules'), 'dir');
    for (const name of ['gateway', 'backend-a', 'backend-b', 'metrics-a', 'metrics-b', ...FRONTENDS])
      ports[name] = await freePort();
    ports['gateway-https'] = await freePort();
    origin = `https://127.0.0.1:${ports['gateway-https']}`;

    cert = join(work, 'cert.pem');
    const key = join(work, 'key.pem');
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { encoding: 'utf8' },
    );
    assert.equal(made.status, 0, made.stderr);

    // MariaDB: a database of its own, dropped at the end.
    const mysql = (await import('mysql2/promise')).default;
    database = `atm_topology_${randomBytes(4).toString('hex')}`;
    const server = await mysql.createConnection(process.env.TEST_MYSQL_URL);
    await server.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await server.end();
    const url = new URL(process.env.TEST_MYSQL_URL);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();

    // The S3-compatible store (Garage in docker-compose) with the private bucket. s3rver stands
    // in for it: no maintained S3 server installs here without Docker (deploy/README.md).
    const { default: S3rver } = await import('s3rver');
    const s3Dir = join(work, 's3');
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    ({ port: s3Port } = await s3.run());

    // One nginx per static frontend: deploy/frontend/ as the image has it, the built files
    // pre-compressed like the image's build stage does.
    for (const name of FRONTENDS) {
      const prefix = join(work, name);
      const conf = join(prefix, 'conf');
      copyConf(conf, {
        'nginx.conf': 'frontend/nginx.conf',
        'security-headers.conf': 'frontend/security-headers.conf',
        'site.conf': name === 'shell' ? 'frontend/shell.conf' : 'frontend/remote.conf',
        'compression.conf': 'nginx/compression.conf',
        'temp-paths.conf': 'nginx/temp-paths.conf',
      });
      const listen = readFileSync(join(DEPLOY, 'frontend', 'listen.conf'), 'utf8');
      writeFileSync(
        join(conf, 'listen.conf'),
        substitute(listen, 'listen 8080;', `listen 127.0.0.1:${ports[name]};`),
      );
      cpSync(join(ROOT, `frontend-${name}`, 'dist'), join(prefix, 'html'), { recursive: true });
      // The source maps in the served folder too, as older builds had them: nginx must refuse them.
      const maps = join(ROOT, `frontend-${name}`, 'dist-sourcemaps');
      if (existsSync(maps)) cpSync(maps, join(prefix, 'html'), { recursive: true });
      assert.ok(precompress(join(prefix, 'html')) > 0);
      statics[name] = await startNginx(name, conf, prefix, ports[name]);
    }

    // The gateway: deploy/gateway/ verbatim, plus its upstreams and listen.conf (HTTPS).
    const prefix = join(work, 'gateway');
    const conf = join(prefix, 'conf');
    copyConf(conf, {
      'nginx.conf': 'gateway/nginx.conf',
      'routes.conf': 'gateway/routes.conf',
      'proxy.conf': 'gateway/proxy.conf',
      'tls.conf': 'gateway/tls.conf',
      'compression.conf': 'nginx/compression.conf',
      'temp-paths.conf': 'nginx/temp-paths.conf',
    });
    let upstreams = readFileSync(join(DEPLOY, 'gateway', 'compose', 'upstreams.conf'), 'utf8');
    for (const [from, to] of [
      ['backend-a:3000', `127.0.0.1:${ports['backend-a']}`],
      ['backend-b:3000', `127.0.0.1:${ports['backend-b']}`],
      ['frontend-shell:8080', `127.0.0.1:${ports.shell}`],
      ['frontend-directory:8080', `127.0.0.1:${ports.directory}`],
      ['frontend-admin:8080', `127.0.0.1:${ports.admin}`],
    ])
      upstreams = substitute(upstreams, from, to);
    writeFileSync(join(conf, 'upstreams.conf'), upstreams);
    let listen = readFileSync(join(DEPLOY, 'gateway', 'listen-https.conf'), 'utf8');
    listen = substitute(listen, 'listen 80;', `listen 127.0.0.1:${ports.gateway};`);
    listen = substitute(
      listen,
      'listen 443 ssl http2;',
      `listen 127.0.0.1:${ports['gateway-https']} ssl http2;`,
    );
    listen = substitute(listen, '/etc/nginx/certs/fullchain.pem', cert);
    listen = substitute(listen, '/etc/nginx/certs/privkey.pem', key);
    writeFileSync(join(conf, 'listen.conf'), listen);
    gateway = await startNginx('gateway', conf, prefix, ports.gateway);
    gatewayLog = gateway.output;

    // Two replicas of the backend on one database; both run the migrations at once at start.
    await Promise.all([startBackend('a'), startBackend('b')]);
  });

  after(async () => {
    await browser?.close().catch(() => {});
    await Promise.all(Object.values(backends).map((backend) => backend.stop()));
    await gateway?.stop();
    await Promise.all(Object.values(statics).map((server) => server.stop()));
    await s3?.close().catch(() => {});
    if (database) {
      const mysql = (await import('mysql2/promise')).default;
      const server = await mysql.createConnection(process.env.TEST_MYSQL_URL);
      await server.query(`DROP DATABASE IF EXISTS \`${database}\``);
      await server.end();
    }
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const get = (path, headers = {}) => request(`${origin}${path}`, { headers, ca: readFileSync(cert) });

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
    assert.match(robots.body.toString(), new RegExp(`^Sitemap: ${origin}/sitemap\\.xml$`, 'm'));
    const sitemap = await get('/sitemap.xml', { 'Accept-Encoding': 'gzip, deflate, br' });
    assert.equal(sitemap.status, 200);
    assert.equal(sitemap.headers['content-encoding'], 'br');
    assert.match(sitemap.headers['content-type'], /^application\/xml/);
    const xml = brotliDecompressSync(sitemap.body).toString();
    assert.ok(xml.includes(`<loc>${origin}/</loc>`) && xml.includes(`<loc>${origin}/en/</loc>`), xml);
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

  it('smoke journey in Chromium: log in on replica A, upload and save on replica B, public listing', async () => {
    const created = await request(`${origin}/api/auth/create-admin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(admin),
      ca: readFileSync(cert),
    });
    assert.equal(created.status, 201, created.body.toString());

    const { launchChromium } = await import('../../tools/chromium.mjs');
    browser = await launchChromium();
    const context = await browser.newContext({ ignoreHTTPSErrors: true, locale: 'es-MX' });
    const page = await context.newPage();
    // Script errors, and failed requests other than the expected ones: the session check
    // before login (401) and the browser's own favicon request (the shell's 404 page).
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      const expected =
        (response.status() === 401 && pathname === '/api/auth/me') ||
        (response.status() === 404 && pathname === '/favicon.ico');
      if (response.status() >= 400 && !expected) pageErrors.push(`${response.status()} ${response.url()}`);
    });

    // Log in with replica B stopped: replica A answers.
    await backends.b.stop();
    await page.goto(`${origin}/admin/login`);
    await page.locator('input[autocomplete="username"]').fill(admin.username);
    await page.locator('input[autocomplete="current-password"]').fill(admin.password);
    const loginAnswer = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
    await page.locator('button[type="submit"]').click();
    assert.equal((await loginAnswer).ok(), true);
    await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
    const loginLine = await lastLogged('POST /api/auth/login');
    assert.equal(lastUpstream(loginLine), `127.0.0.1:${ports['backend-a']}`, loginLine);

    // Replica B back, replica A stopped: the same browser session uploads and saves on B.
    await startBackend('b');
    // As in a rolling restart: stop A only once the gateway sends requests to B again (nginx
    // leaves a replica that refused a connection aside for fail_timeout, 10 s).
    await gatewayServesFrom('b');
    await backends.a.stop();
    const png = makePng(2, 2); // a genuine PNG: the server decodes its magic bytes and size
    const saved = await page
      .evaluate(
        async ({ pngBase64, name }) => {
          const json = async (response) => {
            const text = await response.text();
            try {
              return { status: response.status, body: JSON.parse(text) };
            } catch {
              throw new Error(`${response.status} ${response.url}: ${text.slice(0, 200)}`);
            }
          };
          const bytes = Uint8Array.from(atob(pngBase64), (c) => c.charCodeAt(0));
          const upload = async (type) => {
            const signed = await json(
              await fetch('/api/admin/upload', {
                method: 'POST',
                headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ type }),
              }),
            );
            if (signed.status !== 200 && signed.status !== 201)
              throw new Error(`upload URL: ${JSON.stringify(signed)}`);
            const put = await fetch(signed.body.uploadURL, {
              method: 'PUT',
              headers: { 'Content-Type': 'image/png' },
              body: bytes,
            });
            if (!put.ok) throw new Error(`PUT ${signed.body.uploadURL}: ${put.status} ${await put.text()}`);
            return signed.body.uploadURL;
          };
          const logoUrl = await upload('logo');
          const mapUrl = await upload('map');
          const objectPath = (url) => `/objects${/\/uploads\/[^/?]+/.exec(new URL(url).pathname)[0]}`;
          const shop = await json(
            await fetch('/api/admin/shops', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({
                name,
                description: 'Armería de prueba de la topología de producción.',
                address: 'Av. Juárez 100',
                city: 'Guadalajara',
                state: 'Jalisco',
                phone: '+52 33 1234 5678',
                email: 'topologia@example.com',
                categories: ['Reparación'],
                logo: objectPath(logoUrl),
                mapImageUrl: objectPath(mapUrl),
                googleMapsUrl: 'https://maps.google.com/?q=Guadalajara',
                isVerified: 'true',
              }),
            }),
          );
          return { logoUrl, shop };
        },
        { pngBase64: png.toString('base64'), name: 'Armería Topología' },
      )
      .catch((error) => {
        const tail = gatewayLog().split('\n').slice(-12).join('\n');
        throw new Error(`${error.message}\ngateway log:\n${tail}`, { cause: error });
      });
    assert.equal(saved.shop.status, 201, JSON.stringify(saved.shop.body));
    assert.ok(saved.logoUrl.startsWith(`${origin}/api/uploads/`), saved.logoUrl);
    const saveLine = await lastLogged('POST /api/admin/shops');
    assert.equal(lastUpstream(saveLine), `127.0.0.1:${ports['backend-b']}`, saveLine);
    assert.match(saveLine, /" 201 /);
    const logoPath = saved.shop.body.logo;
    assert.match(logoPath, /^\/objects\/uploads\/[0-9a-f-]{36}$/);

    // Replica A back: the public listing, through the gateway, shows the shop and its logo.
    await startBackend('a');
    await page.goto(`${origin}/`);
    await page.getByText('Armería Topología').first().waitFor();
    const logo = page.locator(`img[src$="${logoPath}"]`).first();
    await logo.waitFor();
    await page.waitForFunction((path) => {
      const image = document.querySelector(`img[src$="${path}"]`);
      return image?.complete && image.naturalWidth === 2;
    }, logoPath);
    const image = await get(logoPath);
    assert.equal(image.status, 200);
    assert.equal(image.headers['content-type'], 'image/png');
    assert.equal(image.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.ok(image.body.equals(png));
    const listingOnA = JSON.parse((await request(`http://127.0.0.1:${ports['backend-a']}/api/shops`)).body);
    assert.ok(listingOnA.some((shop) => shop.name === 'Armería Topología'));
    assert.deepEqual(pageErrors, []);
  });
  /** Every line the backends logged, each parsed as JSON (a line that is not JSON fails here). */
  const backendLines = () =>
    backendOutputs
      .flatMap((backend) => backend.stdout().split('\n'))
      .filter((line) => line.trim())
      .map((line) => {
        try {
          return JSON.parse(line);
        } catch {
          throw new Error(`A backend log line is not JSON: ${line}`);
        }
      });
  const backendLogged = (requestId) =>
    waitFor(
      async () =>
        backendLines().some((line) => line.requestId === requestId && line.msg === 'request completed'),
      `the backend's log line of request ${requestId}`,
    );
  const send = (path, { method = 'GET', headers = {}, body } = {}) =>
    request(`${origin}${path}`, { method, headers, body, ca: readFileSync(cert) });
  const logIn = async () => {
    const response = await send('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(admin),
    });
    assert.equal(response.status, 200, response.body.toString());
    return response.headers['set-cookie'].find((cookie) => cookie.startsWith('atm.sid=')).split(';')[0];
  };
  /**
   * The public listing, comparable across a restore: a restore stores every image under a new
   * key, so image paths are replaced by whether the shop has the image (and each must load).
   */
  const listing = async () => {
    const shops = JSON.parse((await get('/api/shops')).body.toString());
    for (const path of shops.flatMap((shop) => [shop.logo, shop.mapImageUrl]).filter(Boolean))
      assert.equal((await get(path)).status, 200, path);
    return shops.map(({ logo, mapImageUrl, ...shop }) => ({
      ...shop,
      logo: Boolean(logo),
      mapImageUrl: Boolean(mapImageUrl),
    }));
  };

  it("request ids: the client's or the gateway's id reaches the backend's JSON log and comes back", async () => {
    const sent = `topology-${randomBytes(8).toString('hex')}`;
    const answered = await get('/api/shops', { 'X-Request-Id': sent });
    assert.equal(answered.status, 200);
    assert.equal(answered.headers['x-request-id'], sent);
    await waitFor(async () => gatewayLog().includes(`request_id=${sent}`), 'the gateway to log the id');
    await backendLogged(sent);
    const line = backendLines().find((entry) => entry.requestId === sent);
    assert.equal(line.method, 'GET');
    assert.equal(line.path, '/api/shops');
    assert.equal(line.status, 200);
    assert.equal(typeof line.durationMs, 'number');
    assert.ok(!Number.isNaN(Date.parse(line.time)), line.time);

    const made = await get('/api/shops/categories?lang=es');
    const id = made.headers['x-request-id'];
    assert.match(id, /^[0-9a-f]{32}$/, 'nginx made up the id');
    await waitFor(async () => gatewayLog().includes(`request_id=${id}`), 'the gateway to log its id');
    await backendLogged(id);
    assert.equal(backendLines().find((entry) => entry.requestId === id).path, '/api/shops/categories');
  });

  it('backend logs: JSON lines with the admin id, and no password, cookie, secret or URL signature', async () => {
    const cookie = await logIn();
    const me = await send('/api/auth/me', { headers: { Cookie: cookie } });
    const adminId = JSON.parse(me.body.toString()).id;
    const signed = await send('/api/admin/upload', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'logo' }),
    });
    const uploadUrl = new URL(JSON.parse(signed.body.toString()).uploadURL);
    const signature = uploadUrl.searchParams.get('signature');
    assert.ok(signature, uploadUrl.href);
    const put = await send(uploadUrl.pathname + uploadUrl.search, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      body: makePng(2, 2),
    });
    assert.equal(put.status, 200, put.body.toString());
    await backendLogged(me.headers['x-request-id']);

    const lines = backendLines(); // throws on a line that is not JSON
    assert.ok(lines.length > 20);
    assert.equal(lines.find((line) => line.requestId === me.headers['x-request-id']).userId, adminId);
    const text = backendOutputs.map((backend) => backend.output()).join('\n'); // stderr too
    for (const [what, value] of [
      ['a password', admin.password],
      ['the session secret', secret],
      ['a session cookie', cookie.split('=')[1]],
      ['a signed URL signature', signature],
    ])
      assert.ok(!text.includes(value), `the backend logged ${what}`);
    for (const line of lines.filter((entry) => entry.msg === 'request completed'))
      assert.ok(!line.path.includes('?'), line.path);
  });

  it('metrics answer on their own port, with requests by route, and not through the gateway', async () => {
    const scraped = await request(`http://127.0.0.1:${ports['metrics-a']}/metrics`);
    assert.equal(scraped.status, 200);
    const text = scraped.body.toString();
    assert.match(text, /http_requests_total\{method="GET",route="\/api\/shops",status="200"\} \d+/);
    assert.match(text, /http_request_duration_seconds_bucket\{/);
    assert.match(text, /atm_db_pool_connections\{state="in_use"\}/);
    assert.match(text, /nodejs_eventloop_lag_seconds/);
    const viaGateway = await get('/metrics');
    assert.doesNotMatch(viaGateway.body.toString(), /http_requests_total/);
    assert.equal(viaGateway.status, 404); // the shell's page for unknown paths
    assert.equal((await request(`http://127.0.0.1:${ports['backend-a']}/metrics`)).status, 404);
  });

  it('SIGTERM to a replica during a stream of public requests: none fails, it exits 0', async () => {
    const failures = [];
    let answered = 0;
    let streaming = true;
    // Four clients asking the public listing and a shop page without pause, as browsers would.
    const client = async () => {
      while (streaming) {
        const response = await get(answered % 2 ? '/api/shops' : '/api/shops/cities').catch((error) => ({
          status: error.message,
        }));
        if (response.status === 200) answered += 1;
        else failures.push(response.status);
      }
    };
    const clients = Array.from({ length: 4 }, client);
    await waitFor(async () => answered >= 40, 'the stream of requests to flow');
    const stopping = backends.a.whenExited();
    process.kill(backends.a.pid, 'SIGTERM');
    const exit = await stopping;
    const atExit = answered;
    await waitFor(async () => answered >= atExit + 40, 'requests to flow after the replica stopped');
    streaming = false;
    await Promise.all(clients);
    assert.deepEqual(exit, { code: 0, signal: null });
    assert.deepEqual(failures, []);
    assert.match(backends.a.output(), /"msg":"SIGTERM: draining \d+ request\(s\) for up to 20 s"/);
    assert.match(backends.a.output(), /"msg":"Stopped"/);
    await startBackend('a');
    await gatewayServesFrom('a');
  });

  it('a restore interrupted by SIGTERM leaves the directory exactly as before or as the backup', async () => {
    const cookie = await logIn();
    const backup = await send('/api/admin/backup/full', { method: 'POST', headers: { Cookie: cookie } });
    assert.equal(backup.status, 200);
    const asBackup = await listing();
    // Change the directory after the backup: the restore puts the old name back.
    const shop = asBackup.find((entry) => entry.name === 'Armería Topología');
    const renamed = await send(`/api/admin/shops/${shop.id}`, {
      method: 'PUT',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Armería Renombrada' }),
    });
    assert.equal(renamed.status, 200, renamed.body.toString());
    const asBefore = await listing();
    assert.notDeepEqual(asBefore, asBackup);

    // The restore straight to replica B, and SIGTERM to B as soon as the upload has gone out.
    const boundary = `topology${randomBytes(8).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="backupFile"; filename="backup.zip"\r\n` +
          'Content-Type: application/zip\r\n\r\n',
      ),
      backup.body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const stopping = backends.b.whenExited();
    const restored = new Promise((resolve) => {
      const req = http.request(
        `http://127.0.0.1:${ports['backend-b']}/api/admin/backup/restore`,
        {
          method: 'POST',
          headers: {
            Cookie: cookie,
            'Content-Type': `multipart/form-data; boundary=${boundary}`,
            'Content-Length': body.length,
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
          res.on('error', (error) => resolve({ status: error.message }));
        },
      );
      req.on('error', (error) => resolve({ status: error.message }));
      req.end(body, () => process.kill(backends.b.pid, 'SIGTERM'));
    });
    const [answer, exit] = await Promise.all([restored, stopping]);
    assert.deepEqual(exit, { code: 0, signal: null });
    // Whatever the replica managed before it stopped, the directory (served by A) is one of the two.
    const after = await listing();
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    assert.ok(same(after, asBefore) || same(after, asBackup), JSON.stringify({ answer, after }));
    const problems = backends.b
      .output()
      .split('\n')
      .filter((line) => /"level":"(error|warn)"/.test(line));
    if (typeof answer.status === 'number') {
      // The replica took the request: it drained, so the restore completed and answered.
      assert.equal(answer.status, 200, JSON.stringify({ answer, problems }));
      assert.ok(same(after, asBackup));
    } else {
      // The signal came first and the connection was never taken: nothing changed.
      assert.ok(same(after, asBefore), JSON.stringify({ answer, after }));
    }
    await startBackend('b');
  });

  it('public pages through the gateway: rendered by the backends in their language, 404 and 301s', async () => {
    const shops = JSON.parse((await get('/api/shops')).body.toString());
    assert.ok(shops.length > 0, 'the earlier tests saved a shop');
    const [shop] = shops;
    const escaped = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    /** A page as a browser gets it (brotli), decompressed, with the process that answered. */
    const open = async (path, status = 200) => {
      const response = await get(path, { 'Accept-Encoding': 'gzip, deflate, br' });
      assert.equal(response.status, status, path);
      assert.match(response.headers['content-type'], /^text\/html/, path);
      assert.equal(response.headers['content-encoding'], 'br', path);
      assert.equal(response.headers['cache-control'], 'no-cache', path);
      const by = await answeredBy(`GET ${path}`);
      assert.match(by, /^backend-[ab]$/, `${path} answered by ${by}`);
      return brotliDecompressSync(response.body).toString();
    };
    const listing = await open('/');
    assert.match(listing, /<html lang="es"/);
    assert.ok(listing.includes(escaped(shop.name)), 'the listing is rendered with its cards');
    assert.ok(listing.includes(`href="/shops/${shop.slug}"`), 'each card links to its page');
    for (const path of ['/en/', '/en', '/shops', '/en/shops']) {
      const page = await open(path);
      assert.match(page, new RegExp(`<html lang="${path.startsWith('/en') ? 'en' : 'es'}"`), path);
      assert.ok(page.includes(escaped(shop.name)), path);
    }
    for (const [path, language] of [
      [`/shops/${shop.slug}`, 'es'],
      [`/en/shops/${shop.slug}`, 'en'],
    ]) {
      const page = await open(path);
      assert.match(page, new RegExp(`<html lang="${language}"`), path);
      assert.match(
        page,
        new RegExp(`<h1[^>]*>${escaped(shop.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`),
        path,
      );
      assert.ok(page.includes('application/ld+json'), `${path}: its structured data`);
    }
    // An unknown shop: the 404 page, rendered, in the URL's language.
    assert.match(await open('/shops/no-such-shop', 404), /<html lang="es"/);
    assert.match(await open('/en/shops/no-such-shop', 404), /<html lang="en"/);

    // The browser's files still come from the static servers.
    const script = /src="?(\/js\/main\.[0-9a-f]+\.js)/.exec(listing)?.[1];
    assert.ok(script, 'the page loads the shell from /js/main.<hash>.js');
    assert.equal((await get(script)).status, 200);
    assert.equal(await answeredBy(`GET ${script}`), 'shell');

    // A renamed shop: its old slug answers 301 to the new one; a shared ?shop=<id> link too.
    const cookie = await logIn();
    const renamed = await send(`/api/admin/shops/${shop.id}`, {
      method: 'PUT',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `Armería Pasos ${randomBytes(3).toString('hex')}` }),
    });
    assert.equal(renamed.status, 200, renamed.body.toString());
    const { slug } = JSON.parse(renamed.body.toString());
    assert.notEqual(slug, shop.slug);
    for (const [path, location] of [
      [`/shops/${shop.slug}`, `/shops/${slug}`],
      [`/en/shops/${shop.slug}`, `/en/shops/${slug}`],
      [`/?shop=${shop.id}`, `/shops/${slug}`],
      [`/en/?shop=${shop.id}`, `/en/shops/${slug}`],
    ]) {
      const moved = await get(path);
      assert.equal(moved.status, 301, path);
      assert.equal(new URL(moved.headers.location, origin).pathname, location, path);
      assert.match(await answeredBy(`GET ${path}`), /^backend-[ab]$/, path);
    }
    // Every replica renders from the current catalogue: the new name on both.
    for (const name of ['a', 'b']) {
      const page = await request(`http://127.0.0.1:${ports[`backend-${name}`]}/shops/${slug}`);
      assert.equal(page.status, 200, `backend ${name}`);
      assert.ok(page.body.toString().includes('Armería Pasos'), `backend ${name}`);
    }
  });
});
