#!/usr/bin/env node
// `npm run build`: every workspace's build, as many at once as the machine has cores. Each build
// is one Node process that mostly keeps one core busy (webpack's compilers share one thread, tsc
// is one thread), and only the shell reads another's output (it waits for the directory's), so
// one after another (npm's --workspaces) left a core idle for the whole build. The longest start first; a build's output is printed
// when it ends, whole, so two builds' lines never mix. Exits non-zero if any failed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Longest first (seconds each in CI's clean-clone run: admin 32, directory 21, shell 17, backend 8).
const workspaces = ['frontend-admin', 'frontend-directory', 'frontend-shell', 'backend'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** The shell's service worker precaches the directory remote's files named in its build's mf-manifest.json. */
const after = { 'frontend-shell': 'frontend-directory' };
const built = new Map();

function build(workspace) {
  const started = Date.now();
  const child = spawn(npm, ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n=== build ${workspace} (${seconds} s)\n${Buffer.concat(output)}`);
      resolve(code === 0 ? null : `${workspace} (${signal ?? `exit ${code}`})`);
    });
  });
}

const queue = [...workspaces];
const failed = [];
async function worker() {
  for (let next = queue.shift(); next; next = queue.shift()) {
    if (after[next]) await built.get(after[next]);
    const done = build(next);
    built.set(next, done);
    const failure = await done;
    if (failure) failed.push(failure);
  }
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), queue.length) }, worker));
if (failed.length) {
  console.error(`\nBuild failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
