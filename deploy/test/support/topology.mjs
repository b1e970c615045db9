// The production topology of deploy/, started for real without Docker (see topology.test.mjs):
// MariaDB, s3rver, two backends with the image's command, one nginx per frontend and the HTTPS
// gateway, all with deploy/'s configuration files. `productionTopology()` registers the hooks
// that start it before the tests of the describe it is called in and stop it after them.
import { after, before, it as nodeIt } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEADLESS_SHELL_PATH } from '../../../tools/chromium.mjs';
import { productionAllocatorEnv, productionNodeFlags } from '../../../tools/production-command.mjs';
import { backendImageStage } from '../images.mjs';
import { gatewayConf, makeCertificate, startNginx, staticFrontendConf } from './nginx.mjs';
import { freePort, has, request, startProcess, waitFor } from './processes.mjs';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BACKEND_MAIN = join(ROOT, 'backend', 'dist', 'main.js');
const BUCKET = 'atm-images';
const FRONTENDS = ['shell', 'directory', 'admin'];

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
  !existsSync(HEADLESS_SHELL_PATH) && `Chromium's headless shell is not installed (${HEADLESS_SHELL_PATH})`,
].filter(Boolean);
export const skipTopology = missing.length ? `skipped: ${missing.join('; ')}` : false;

/**
 * node:test's `it` for the topology's tests: where the topology cannot run, each test is skipped
 * by itself, so a run counts and names every one (node:test never runs a skipped suite's body,
 * which would report the whole suite as one skip).
 */
export const it = (name, fn) => nodeIt(name, { skip: skipTopology }, fn);

/**
 * Starts the topology before the enclosing describe's tests and stops it after them. Returns
 * what the tests use: the ports, the backends (restartable by name), the gateway's log, `get`
 * through the gateway, and `origin`, `cert` and `browser` (set once the hooks ran).
 */
export function productionTopology() {
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
    // The image's command: its Node flags (from the Dockerfile's CMD), then the built backend,
    // with its allocator settings (its ENV).
    const backend = startProcess(process.execPath, [...productionNodeFlags(), BACKEND_MAIN], {
      cwd: join(ROOT, 'backend'),
      env: {
        ...process.env,
        ...productionAllocatorEnv(),
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        FRONTEND_ROOT: backendRoot, // as in the image: the server render's files only
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: secret,
        TRUST_PROXY: '1',
        SEED_DEMO_DATA: 'false',
        // A fresh database requires a second factor by default; this journey logs in with a password.
        MFA_REQUIRED: 'false',
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
    // Nothing to start where every test is skipped (`it` above).
    if (skipTopology) return;
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

    let key;
    ({ cert, key } = makeCertificate(work));

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
      const { prefix, conf } = staticFrontendConf(work, name, ports[name]);
      statics[name] = await startNginx(name, conf, prefix, ports[name]);
    }

    // The gateway: deploy/gateway/ verbatim, plus its upstreams and listen.conf (HTTPS).
    const { prefix, conf } = gatewayConf(work, ports, cert, key);
    gateway = await startNginx('gateway', conf, prefix, ports.gateway);
    gatewayLog = gateway.output;

    // Two replicas of the backend on one database; both run the migrations at once at start.
    await Promise.all([startBackend('a'), startBackend('b')]);
  });

  after(async () => {
    if (skipTopology) return;
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

  return {
    backendLines,
    backendLogged,
    send,
    logIn,
    listing,
    admin,
    secret,
    ports,
    backends,
    backendOutputs,
    startBackend,
    logged,
    lastLogged,
    lastUpstream,
    answeredBy,
    gatewayServesFrom,
    get,
    gatewayLog: () => gatewayLog(),
    get origin() {
      return origin;
    },
    get cert() {
      return cert;
    },
    /** The smoke journey's Chromium, closed after the tests. */
    get browser() {
      return browser;
    },
    set browser(value) {
      browser = value;
    },
  };
}
