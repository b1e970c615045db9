// The product started exactly as `npm start` starts it after `npm run build`: the backend's
// `start:prod` command, which is the production image's (node with the Dockerfile's flags,
// dist/main.js, from backend/), on a fresh temporary DATA_DIR and a free port. Each is stopped
// by its own process id.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { productionAllocatorEnv, productionNodeFlags } from '../../tools/production-command.mjs';
import { startTileServer } from './tiles.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort() {
  const server = createNetServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function assertBuilt() {
  const needed = [
    'backend/dist/main.js',
    'frontend-shell/dist/index.html',
    'frontend-directory/dist/mf-manifest.json',
    'frontend-admin/dist/mf-manifest.json',
  ];
  const missing = needed.filter((file) => !existsSync(path.join(ROOT, file)));
  if (missing.length) throw new Error(`not built: ${missing.join(', ')} (run npm run build first)`);
}

/**
 * Starts the backend with a new empty data folder. `env` adds variables (e.g. REMOTE_ADMIN_URL).
 * Resolves once it answers /api/shops; the returned stop() kills it by pid and removes the folder.
 * With `env.DATA_DIR` it starts on that folder (a restart) and leaves it to the caller.
 */
export async function startProduct(env = {}) {
  assertBuilt();
  // The tests run offline: the maps (the shop form has one on every visit) draw local tiles.
  const tiles = env.MAP_TILE_URL === undefined ? await startTileServer() : null;
  const tileEnv = tiles ? { MAP_TILE_URL: tiles.url, MAP_TILE_ATTRIBUTION: 'Test tiles' } : {};
  const ownDataDir = !env.DATA_DIR;
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'atm-e2e-data-'));
  // `env.PORT`: the same origin again (a restart after a deploy keeps the browser's service worker).
  const port = env.PORT ? Number(env.PORT) : await freePort();
  // A fresh data folder is a new installation, where a second factor is required by default;
  // the journeys log in with a password alone unless they test second factors (they set it).
  const childEnv = {
    ...process.env,
    ...productionAllocatorEnv(),
    PORT: String(port),
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    MFA_REQUIRED: 'false',
    ...tileEnv,
    ...env,
  };
  // `npm start` runs with NODE_ENV unset (development, demo shops seeded); Jest sets it to 'test'.
  delete childEnv.NODE_ENV;
  // deploy/test/images.test.mjs holds start:prod to these same flags.
  const child = spawn(process.execPath, [...productionNodeFlags(), 'dist/main.js'], {
    cwd: path.join(ROOT, 'backend'),
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (data) => {
    output = (output + data).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let running = true;
  // If this test process dies before afterAll runs, do not leave the backend behind.
  const killOnExit = () => running && process.kill(child.pid, 'SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => {
    running = false;
    process.off('exit', killOnExit);
  });

  const url = `http://127.0.0.1:${port}`;
  /** Stops it by pid; rejects when it did not stop cleanly (after removing the folder). */
  const stop = async () => {
    let ended;
    if (running) {
      process.kill(child.pid, 'SIGTERM');
      // Past its 20 s grace for in-flight requests (SHUTDOWN_GRACE_SECONDS), it is stuck.
      const timer = setTimeout(() => running && process.kill(child.pid, 'SIGKILL'), 30_000);
      ended = await exited;
      clearTimeout(timer);
    }
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    await tiles?.close();
    // A graceful stop closes the database and exits 0. Anything else (a native abort while
    // the process tears down) happens after the last journey, where no assertion would see it.
    if (ended && ended.code !== 0)
      throw new Error(
        `the backend did not stop cleanly on SIGTERM (${ended.signal ?? `exit ${ended.code}`}):\n${output.slice(-4000)}`,
      );
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!running) {
      await stop().catch(() => {}); // the error below says more
      throw new Error(`backend exited before answering:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/shops`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop().catch(() => {}); // the error below says more
      throw new Error(`backend did not answer within 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, port, dataDir, pid: child.pid, stop, output: () => output };
}

/**
 * What most files start once for all their journeys: a fresh product (with `env`), Chromium, and
 * the directory as the API serves it, in the listing's order.
 */
export async function startProductAndBrowser(env = {}) {
  const product = await startProduct(env);
  const { launchChromium } = await import('./browser.mjs');
  const browser = await launchChromium();
  const shops = await (await fetch(`${product.url}/api/shops`)).json();
  return { product, browser, shops };
}

/** Stops what startProductAndBrowser started (either may be missing if starting failed). */
export async function stopProductAndBrowser({ product, browser }) {
  await browser?.close();
  await product?.stop();
}
