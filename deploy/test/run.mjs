// `npm run test:topology`: builds what the topology test needs if it is missing (the backend,
// the three frontends), runs deploy/test/images.test.mjs, use-node.test.mjs, compose.test.mjs and topology.test.mjs with node:test and appends
// "topology <passed> <failed> <skipped>" to $TEST_TOTALS_FILE and each skipped test's name to
// $TEST_SKIPS_FILE (.ci/run holds those to its allow-list).
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

const builds = [
  ['backend', join(root, 'backend', 'dist', 'main.js')],
  ['frontend-directory', join(root, 'frontend-directory', 'dist', 'mf-manifest.json')],
  ['frontend-admin', join(root, 'frontend-admin', 'dist', 'mf-manifest.json')],
  ['frontend-shell', join(root, 'frontend-shell', 'dist', 'mf-manifest.json')],
];
for (const [workspace, output] of builds) {
  if (existsSync(output)) continue;
  console.log(`topology: building ${workspace} (${output} is missing)`);
  const built = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    if (process.env.TEST_TOTALS_FILE) appendFileSync(process.env.TEST_TOTALS_FILE, 'topology 0 1 0\n');
    process.exit(1);
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
const skips = [];
const stream = run({
  // The image pins first (a file check, well under a second), then the topology.
  files: ['images.test.mjs', 'use-node.test.mjs', 'compose.test.mjs', 'topology.test.mjs'].map((file) =>
    join(root, 'deploy', 'test', file),
  ),
  concurrency: 1,
  timeout: 15 * 60_000,
});
stream.on('test:pass', (event) => {
  // A suite skipped as a whole counts as one skipped: node:test never runs its body, so its tests
  // are unknown. The suites here skip each test instead (support/topology.mjs's `it`).
  if (event.details?.type === 'suite') {
    if (event.skip) {
      skipped += 1;
      skips.push(`topology: ${event.name} (the whole suite: ${event.skip})\n`);
    }
    return;
  }
  if (event.skip || event.todo) {
    skipped += 1;
    skips.push(`topology: ${event.name}\n`);
  } else passed += 1;
});
stream.on('test:fail', (event) => {
  // A suite fails by itself only when a hook failed; count it if no test inside reported it.
  if (event.details?.type === 'suite') {
    if (event.details?.error?.failureType === 'hookFailed' && failed === 0) failed += 1;
    return;
  }
  failed += 1;
});
stream.compose(new spec()).pipe(process.stdout);
stream.on('end', () => {
  console.log(`topology: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  if (process.env.TEST_TOTALS_FILE)
    appendFileSync(process.env.TEST_TOTALS_FILE, `topology ${passed} ${failed} ${skipped}\n`);
  if (process.env.TEST_SKIPS_FILE && skips.length)
    appendFileSync(process.env.TEST_SKIPS_FILE, skips.join(''));
  process.exitCode = failed > 0 ? 1 : 0;
});
