#!/usr/bin/env node
// `npm test` after `npm run build`: every suite, in two lanes side by side (see `lanes`), each
// run even when an earlier one failed (so CI's totals name every failure); exits non-zero if any
// failed.
//   1. the backend's tests (unit, integration and security)
//   2. the four frontends' Jest suites, as projects of one Jest run (npm run test:frontends)
//   3. the end-to-end suite in Chromium against the built product (e2e/)
//   4. the production topology through the nginx gateway (deploy/test/)
// Each suite appends "<name> <passed> <failed> <skipped>" to $TEST_TOTALS_FILE itself (the
// frontends one line per workspace), and the name of each skipped test to $TEST_SKIPS_FILE
// (.ci/run fails on a skip its allow-list does not name).
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const node = process.execPath;
const jest = [
  '--experimental-vm-modules',
  '--no-warnings=ExperimentalWarning',
  'node_modules/jest/bin/jest.js',
];

const suites = {
  backend: () => ({ command: 'npm', args: ['run', 'test', '-w', 'backend'] }),
  frontends: () => ({ command: 'npm', args: ['run', 'test:frontends'] }),
  e2e: () => ({ command: node, args: [...jest, '--config', 'e2e/jest.config.mjs'] }),
  topology: () => ({ command: node, args: ['deploy/test/run.mjs'] }),
};

/**
 * Two lanes: each runs its suites one after another, and the lanes run side by side. Every suite
 * waits more than it computes (servers starting, browsers, timers, the database), so each runs
 * two test files at a time: in band, the backend's suite used 370 s of CPU in 607 s (CI's
 * clean-clone run), the end-to-end suite 250 s in 420. Each test file has its own databases,
 * data folders and free ports, so two never meet. The end-to-end suite and the topology in one
 * lane, the backend and the frontends in the other (backend 607 s in band, 253 s on two workers
 * on a busy machine; e2e 420, frontends 85, topology 49).
 */
const lanes = [
  ['e2e', 'topology'],
  ['backend', 'frontends'],
];

// `node tools/test-all.mjs e2e topology` runs only the suites named (npm run test:e2e uses it).
const only = process.argv.slice(2);
const unknown = only.filter((name) => !(name in suites));
if (unknown.length) {
  console.error(`Unknown suite ${unknown.join(', ')}; the suites are ${Object.keys(suites).join(', ')}`);
  process.exit(2);
}
const wanted = (name) => !only.length || only.includes(name);

/** Runs one suite; `quiet` keeps its output until it ends. Resolves a failure text or null. */
function run(name, quiet) {
  const started = Date.now();
  let failure;
  let spec;
  try {
    spec = suites[name]();
  } catch (error) {
    return Promise.resolve({ name, seconds: 0, failure: `${name} (${error.message})` });
  }
  const { command, args, env = {}, cwd = '.' } = spec;
  console.log(
    `\n=== ${name}: ${[command === node ? 'node' : command, ...args].join(' ')}${quiet ? ' (second lane)' : ''}`,
  );
  const child = spawn(command, args, {
    cwd: join(root, cwd),
    env: { ...process.env, ...env },
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => (failure = `${name} (${error.message})`));
    child.on('close', (code, signal) => {
      if (quiet) process.stdout.write(`\n=== ${name} (ran in the second lane):\n${Buffer.concat(output)}`);
      if (code !== 0) failure ??= `${name} (${signal ?? `exit ${code}`})`;
      resolve({ name, seconds: Math.round((Date.now() - started) / 1000), failure });
    });
  });
}

const failed = [];
const took = [];
/** Runs a lane's suites in order; the first lane's output streams, the others' comes per suite. */
async function runLane(names, quiet) {
  for (const name of names) {
    const { seconds, failure } = await run(name, quiet);
    took.push(`${name} ${seconds} s`);
    // .ci/run prints each suite's time beside its budget (tools/ci-timings.mjs).
    if (process.env.TEST_SUITE_TIMES_FILE)
      appendFileSync(process.env.TEST_SUITE_TIMES_FILE, `${name} ${seconds}\n`);
    if (failure) failed.push(failure);
  }
}
await Promise.all(lanes.map((lane, index) => runLane(lane.filter(wanted), index > 0)));
// Wall time per suite, so a slower suite shows in every run's log (CI prints it too).
console.log(`\nSuite times: ${took.join(', ')}`);
if (failed.length) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
