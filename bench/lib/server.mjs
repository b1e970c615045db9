/** Starts and stops the built backend (backend/dist/main.js) for one bench run. */
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { productionAllocatorEnv, productionNodeFlags } from '../../tools/production-command.mjs';
import { spawnTracked, stopChild } from './processes.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LOOPBACK_PRELOAD = fileURLToPath(new URL('./preload/loopback.mjs', import.meta.url));
export const HOST = '127.0.0.1';

/** `--env=NAME=value` options (a bench's extra environment for the backend) as an object. */
export const envOptions = (pairs) =>
  Object.fromEntries(
    pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );

/** A port that was free a moment ago on loopback. */
export async function freePort() {
  const server = net.createServer().listen(0, HOST);
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

/** One request on loopback; resolves { status, headers, body (raw bytes, never decoded) }. */
export function rawRequest(method, url, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const allHeaders = payload
      ? { 'content-type': 'application/json', 'content-length': payload.length, ...headers }
      : headers;
    http
      .request(url, { method, headers: allHeaders, agent: false }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject)
      .end(payload);
  });
}

export const rawGet = (url, headers = {}) => rawRequest('GET', url, { headers });

/** Production's environment for a bench backend: its allocator settings and a fixed session secret. */
export const productionEnv = () => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: 'production',
  ...productionAllocatorEnv(),
  SESSION_SECRET: 'bench-session-secret-0123456789-abcdefghijklmnop',
});

/**
 * Starts `node [production's flags] [preloads] backend/dist/main.js` with production's allocator
 * settings and `env` on a free loopback port and waits until the API answers. Returns
 * { url, pid, stop() }; stop() is safe to call twice.
 */
export async function startBackend({ nodeBin, preloads = [], env, nodeFlags = [] }) {
  // (env also passes BENCH_* settings to diagnosis preloads)
  const port = await freePort();
  const args = [
    ...productionNodeFlags(),
    ...nodeFlags,
    ...[LOOPBACK_PRELOAD, ...preloads].flatMap((p) => ['--import', p]),
    'backend/dist/main.js',
  ];
  const child = spawnTracked(nodeBin, args, {
    cwd: ROOT,
    env: {
      ...productionEnv(),
      SEED_DEMO_DATA: 'false',
      // A fresh database requires a second factor by default; the bench logs in with a password.
      MFA_REQUIRED: 'false',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-8000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://${HOST}:${port}`;
  const stop = () => stopChild(child);
  try {
    await waitUntilUp(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid, stop, output: () => output };
}

async function waitUntilUp(url, child, output, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`backend exited with ${child.exitCode}:\n${output()}`);
    try {
      const { status } = await rawGet(`${url}/api/shops/categories`);
      if (status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`backend did not answer within ${timeoutMs} ms:\n${output()}`);
}
