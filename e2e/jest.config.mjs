// The end-to-end suite: real Chromium (Debian's /usr/bin/chromium through playwright-core) against
// the built product started as `npm start` starts it. Run with `npm run test:e2e` from the root.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export default {
  rootDir: here,
  testMatch: ['<rootDir>/**/*.e2e.test.mjs'],
  testEnvironment: 'node',
  transform: {},
  // One backend and one browser per file, two files at a time: in Chromium's headless shell a
  // journey spends most of its time waiting (on the backend, the network stack, timers), about
  // 37 s of CPU in 100 s, so two side by side use the core the suite has in CI (tools/test-all.mjs).
  maxWorkers: 2,
  testTimeout: 240_000,
  // List every journey with its result, also when several files run.
  verbose: true,
  reporters: ['default', [path.join(here, '../tools/jest-totals-reporter.cjs'), { name: 'e2e' }]],
};
