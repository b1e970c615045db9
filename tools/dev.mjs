#!/usr/bin/env node
// `npm run dev`: the four parts with hot reload, each on its own port, in one terminal.
//   backend (nest --watch)     http://localhost:3000  (API, Swagger; DATA_DIR as usual)
//   shell (webpack serve)      http://localhost:3001  <- open this one; /api and /objects go to :3000
//   directory remote           http://localhost:3002  (also runs standalone)
//   admin remote               http://localhost:3003  (also runs standalone, at /admin)
// Each line of output is prefixed with its part. Ctrl-C (or any part exiting) stops all four:
// every part is started in its own process group and stopped by that group's id.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const parts = [
  { name: 'backend', workspace: 'backend' },
  { name: 'directory', workspace: 'frontend-directory' },
  { name: 'admin', workspace: 'frontend-admin' },
  { name: 'shell', workspace: 'frontend-shell' },
];
const width = Math.max(...parts.map((part) => part.name.length));
const children = new Map();
let stopping = false;

function prefixLines(name, stream, out) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`${name.padEnd(width)} | ${line}\n`);
  });
  stream.on('end', () => rest && out.write(`${name.padEnd(width)} | ${rest}\n`));
}

function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  process.exitCode = exitCode;
  for (const child of children.values()) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  // webpack-dev-server and nest normally stop at once; do not leave anything behind if not.
  setTimeout(() => {
    for (const child of children.values()) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    process.exit();
  }, 5000).unref();
}

for (const part of parts) {
  const child = spawn(npm, ['run', 'dev', '-w', part.workspace], {
    cwd: root,
    detached: true, // its own process group, so the whole tree stops with it
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
  });
  children.set(part.name, child);
  prefixLines(part.name, child.stdout, process.stdout);
  prefixLines(part.name, child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    children.delete(part.name);
    if (!stopping) {
      console.error(`${part.name} stopped (${signal ?? `exit ${code}`}); stopping the others.`);
      stopAll(code || 1);
    } else if (children.size === 0) {
      process.exit();
    }
  });
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
console.log(
  'Development: open http://localhost:3001 (API on :3000, remotes on :3002 and :3003). Ctrl-C stops all.',
);
