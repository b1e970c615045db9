// What the deployment tests need to run real servers: processes stopped by their pid (even when
// the test crashes), free ports, polling, and plain HTTP(S) requests.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createServer } from 'node:net';

/** Whether a command runs on this machine. */
export const has = (command, args = ['--version']) =>
  spawnSync(command, args, { stdio: 'ignore' }).status === 0;

const children = new Set();
process.on('exit', () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

export function freePort() {
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
export async function waitFor(check, what, alive = () => true, timeoutMs = 60_000) {
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
export function startProcess(command, args, options, logFile) {
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
export function request(url, { method = 'GET', headers = {}, body, ca } = {}) {
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
