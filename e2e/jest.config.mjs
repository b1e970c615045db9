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
  // One backend and one browser per file; files run one after another: on 2 cores the suite is
  // CPU-bound, and two workers measured no faster (143.8 s against 148 s) while each file slowed.
  maxWorkers: 1,
  testTimeout: 240_000,
  // List every journey with its result, also when several files run.
  verbose: true,
  reporters: ['default', [path.join(here, '../tools/jest-totals-reporter.cjs'), { name: 'e2e' }]],
};
