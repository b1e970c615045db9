#!/usr/bin/env node
// `npm test` after `npm run build`: every suite, one after another, each run even when an
// earlier one failed (so CI's totals name every failure); exits non-zero if any failed.
//   1. the backend's tests (unit, integration and security)
//   2. the four frontends' Jest suites, as projects of one Jest run (npm run test:frontends)
//   3. the end-to-end suite in Chromium against the built product (e2e/)
//   4. the production topology through the nginx gateway (deploy/test/)
// Each suite appends "<name> <passed> <failed>" to $TEST_TOTALS_FILE itself (the frontends one
// line per workspace).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const node = process.execPath;
const suites = [
  ['backend', 'npm', ['run', 'test', '-w', 'backend']],
  ['frontends', 'npm', ['run', 'test:frontends']],
  [
    'e2e',
    node,
    ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--config', 'e2e/jest.config.mjs'],
  ],
  ['topology', node, ['deploy/test/run.mjs']],
];

// `node tools/test-all.mjs e2e topology` runs only the suites named (npm run test:e2e uses it).
const only = process.argv.slice(2);
const unknown = only.filter((name) => !suites.some(([suite]) => suite === name));
if (unknown.length) {
  console.error(
    `Unknown suite ${unknown.join(', ')}; the suites are ${suites.map(([name]) => name).join(', ')}`,
  );
  process.exit(2);
}

const failed = [];
const took = [];
for (const [name, command, args] of suites) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n=== ${name}: ${[command === node ? 'node' : command, ...args].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  took.push(`${name} ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status !== 0) failed.push(`${name} (${result.signal ?? `exit ${result.status}`})`);
}
// Wall time per suite, so a slower suite shows in every run's log (CI prints it too).
console.log(`\nSuite times: ${took.join(', ')}`);
if (failed.length) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
