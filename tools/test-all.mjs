#!/usr/bin/env node
// `npm test` after `npm run build`: every suite, one after another, each run even when an
// earlier one failed (so CI's totals name every failure); exits non-zero if any failed.
//   1. the backend's tests (unit, integration and security)
//   2. the four frontends' Jest suites, as projects of one Jest run (npm run test:frontends)
//   3. the end-to-end suite in Chromium against the built product (e2e/)
//   4. the production topology through the nginx gateway (deploy/test/)
// With TEST_NODE24=1 (CI sets it) two suites run again on Node 24 LTS, at the exact release the
// production images pin (tools/node24.mjs installs it once, reading deploy/backend/Dockerfile):
//   - `backend-node24`: the backend's integration suites, all on MariaDB, beside suite 1;
//   - `e2e-node24`: a part of the end-to-end suite, its backends on Node 24 with SQLite (as
//     `npm start` runs), beside suite 4. Which part: E2E_NODE24_FILES below; E2E_NODE24_ALL=1
//     runs every file (about 7 minutes, which would take CI past its 25-minute aim).
// Each pass is one process mostly on one core, so on two cores a pair takes little longer than
// the longer of the two; the beside suite's output is printed when it ends.
// Node 24.19 and later abort better-sqlite3 12 (nodejs/node#65446, bench/lib/node24.mjs): the
// install refuses such a release, so the Dockerfiles stay on 24.12 until that is fixed.
// Each suite appends "<name> <passed> <failed>" to $TEST_TOTALS_FILE itself (the frontends one
// line per workspace).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const node = process.execPath;
const jest = [
  '--experimental-vm-modules',
  '--no-warnings=ExperimentalWarning',
  'node_modules/jest/bin/jest.js',
];

/** Node 24's binary, its better-sqlite3 preload and entry (installed on first use). */
let node24;
function ensureNode24() {
  if (!node24) {
    const [nodeBin, preload, sqliteEntry] = execFileSync(node, ['tools/node24.mjs'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
      .toString()
      .trim()
      .split('\n')
      .slice(-3); // the first install prints npm's own lines before them
    node24 = { nodeBin, preload, sqliteEntry };
  }
  return node24;
}

/**
 * The end-to-end files CI runs on Node 24 too: the public journeys in both languages (listing,
 * filters, a shop's page and links, the 404 page, the language switch), the server-rendered
 * shop pages (twin URLs, 301s, paging and search without JavaScript), and the whole admin
 * journey in Spanish (first admin, login, create with uploads, verify, backup, delete, restore
 * from the downloaded ZIP, users, error catalogue). About half the suite's time; the other files
 * (English admin, CSV, 1,000 shops, nearby, a remote down or incompatible) go through the same
 * server code and run on the machine's Node.
 */
const E2E_NODE24_FILES = ['public.e2e.test.mjs', 'pages.e2e.test.mjs', 'admin-es.e2e.test.mjs'];

/** Jest's path patterns for E2E_NODE24_FILES; a renamed file fails here, not silently. */
function e2eNode24Patterns() {
  const missing = E2E_NODE24_FILES.filter((file) => !existsSync(join(root, 'e2e', file)));
  if (missing.length)
    throw new Error(`E2E_NODE24_FILES names files e2e/ does not have: ${missing.join(', ')}`);
  return E2E_NODE24_FILES.map((file) => `/e2e/${file.replaceAll('.', '\\.')}$`);
}

const suites = {
  backend: () => ({ command: 'npm', args: ['run', 'test', '-w', 'backend'] }),
  frontends: () => ({ command: 'npm', args: ['run', 'test:frontends'] }),
  e2e: () => ({ command: node, args: [...jest, '--config', 'e2e/jest.config.mjs'] }),
  topology: () => ({ command: node, args: ['deploy/test/run.mjs'] }),
  'backend-node24': () => {
    if (!process.env.TEST_MYSQL_URL) throw new Error('it runs on MariaDB: set TEST_MYSQL_URL');
    const { nodeBin, sqliteEntry } = ensureNode24();
    // From backend/, as its own `npm test` runs (ts-jest reads backend/tsconfig.json there).
    return {
      command: nodeBin,
      cwd: 'backend',
      args: [
        ...jest.map((arg) => arg.replace(/^node_modules\//, '../node_modules/')),
        '--runInBand',
        'test/',
      ],
      env: { TEST_DIALECTS: 'mysql', BETTER_SQLITE3_ENTRY: sqliteEntry, TEST_TOTALS_NAME: 'backend-node24' },
    };
  },
  'e2e-node24': () => {
    const { nodeBin, preload } = ensureNode24();
    return {
      command: nodeBin,
      args: [
        ...jest,
        '--config',
        'e2e/jest.config.mjs',
        ...(process.env.E2E_NODE24_ALL === '1' ? [] : e2eNode24Patterns()),
      ],
      // The backends the suite starts (process.execPath: Node 24) load better-sqlite3 for it.
      env: { NODE_OPTIONS: `--import=${pathToFileURL(preload).href}`, TEST_TOTALS_NAME: 'e2e-node24' },
    };
  },
};

/** The order; each step's second suite runs beside its first (on the other core). */
const steps = [['backend', 'backend-node24'], ['frontends'], ['e2e'], ['topology', 'e2e-node24']];
/** Run by default only with TEST_NODE24=1 (see above). */
const node24Suites = new Set(['backend-node24', 'e2e-node24']);

// `node tools/test-all.mjs e2e topology` runs only the suites named (npm run test:e2e uses it).
const only = process.argv.slice(2);
const unknown = only.filter((name) => !(name in suites));
if (unknown.length) {
  console.error(`Unknown suite ${unknown.join(', ')}; the suites are ${Object.keys(suites).join(', ')}`);
  process.exit(2);
}
const wanted = (name) =>
  only.length ? only.includes(name) : !node24Suites.has(name) || process.env.TEST_NODE24 === '1';

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
    `\n=== ${name}: ${[command === node ? 'node' : command, ...args].join(' ')}${quiet ? ' (beside)' : ''}`,
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
      if (quiet)
        process.stdout.write(`\n=== ${name} (ran beside the suite before it):\n${Buffer.concat(output)}`);
      if (code !== 0) failure ??= `${name} (${signal ?? `exit ${code}`})`;
      resolve({ name, seconds: Math.round((Date.now() - started) / 1000), failure });
    });
  });
}

const failed = [];
const took = [];
for (const step of steps) {
  const names = step.filter(wanted);
  if (!names.length) continue;
  const results = await Promise.all(names.map((name, index) => run(name, index > 0)));
  for (const { name, seconds, failure } of results) {
    took.push(`${name} ${seconds} s`);
    if (failure) failed.push(failure);
  }
}
// Wall time per suite, so a slower suite shows in every run's log (CI prints it too).
console.log(`\nSuite times: ${took.join(', ')}`);
if (failed.length) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
