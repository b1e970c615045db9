import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BACKEND_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/** A free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Waits until `check` holds (a rejected check counts as not yet), asking again every
 * `everyMs`; fails naming `what` after `timeoutMs`. The one way the process tests wait.
 */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  what: string,
  { timeoutMs = 30_000, everyMs = 100 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(child.pid!, signal);
  });
}

/** The built backend (`backend/dist/main.js`) as its own process, stopped by its pid. */
export interface BackendProcess {
  url: string;
  pid: number;
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL: the process dies at once, as in a crash or an OOM kill. */
  kill(): Promise<void>;
}

export async function startBackendProcess(env: Record<string, string>): Promise<BackendProcess> {
  if (!existsSync(BACKEND_MAIN))
    throw new Error('backend/dist/main.js is missing: run `npm run build` first');
  const port = await freePort();
  const child = spawn(process.execPath, [BACKEND_MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      ARGON2_COST: 'test',
      SEED_DEMO_DATA: 'false',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (data) => (output += data));
  child.stderr!.on('data', (data) => (output += data));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntil(async () => (await fetch(`${url}/api/shops`)).ok, `the backend on ${url}`);
  } catch (error) {
    await stopProcess(child, 'SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }
  return {
    url,
    pid: child.pid!,
    output: () => output,
    stop: () => stopProcess(child, 'SIGTERM'),
    kill: () => stopProcess(child, 'SIGKILL'),
  };
}

/**
 * A MariaDB server of its own (data in a temporary folder, its own port), so a test can stop
 * and restart the database under a running backend without touching the shared server.
 */
export interface PrivateMariaDb {
  url(database: string): string;
  start(): Promise<void>;
  /** SIGKILL, like a crashed or unplugged database server. */
  kill(): Promise<void>;
  destroy(): Promise<void>;
}

export async function createPrivateMariaDb(): Promise<PrivateMariaDb> {
  const folder = mkdtempSync(join(tmpdir(), 'atm-mariadb-'));
  const data = join(folder, 'data');
  // Its own temporary folder: the backend's two passes (Node 20 and Node 24) bootstrap private
  // servers at the same time, and in the shared /tmp one's temporary tables collided with the
  // other's ("Could not remove temporary table … Unknown table 'mysql.tmp_proxies_priv'").
  const temporary = join(folder, 'tmp');
  mkdirSync(temporary);
  const installed = spawnSync(
    'mariadb-install-db',
    [
      '--no-defaults',
      `--datadir=${data}`,
      `--tmpdir=${temporary}`,
      '--user=root',
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ],
    { encoding: 'utf8' },
  );
  if (installed.status !== 0) throw new Error(`mariadb-install-db failed: ${installed.stderr}`);
  const port = await freePort();
  let child: ChildProcess | undefined;
  const mariadb: PrivateMariaDb = {
    url: (database) => `mysql://root@127.0.0.1:${port}/${database}`,
    async start() {
      child = spawn(
        'mariadbd',
        [
          '--no-defaults',
          `--datadir=${data}`,
          `--tmpdir=${temporary}`,
          `--socket=${join(folder, 'sock')}`,
          `--port=${port}`,
          '--bind-address=127.0.0.1',
          '--user=root',
          '--skip-grant-tables',
          '--skip-log-bin',
          '--innodb-buffer-pool-size=32M',
        ],
        { stdio: 'ignore' },
      );
      const mysql = (await import('mysql2/promise')).default;
      await waitUntil(async () => {
        const connection = await mysql.createConnection({ host: '127.0.0.1', port, user: 'root' });
        await connection.end();
        return true;
      }, 'the private MariaDB');
    },
    async kill() {
      if (child) await stopProcess(child, 'SIGKILL');
    },
    async destroy() {
      if (child) await stopProcess(child, 'SIGTERM');
      rmSync(folder, { recursive: true, force: true });
    },
  };
  return mariadb;
}

/** True where the MariaDB server binaries are installed (CI installs them). */
export const HAS_MARIADB =
  spawnSync('which', ['mariadbd']).status === 0 && Boolean(process.env.TEST_MYSQL_URL);
