/**
 * The bench's own tools (Lighthouse, autocannon) are declared in bench/package.json with their
 * own lock file, not in the product's devDependencies: the root `npm ci` does not install them
 * (Lighthouse alone brings ~130 MB). They are installed into bench/node_modules on first use,
 * and again whenever bench/package-lock.json is newer than that install. Node resolves the
 * bench's bare imports from bench/node_modules first, then from the root's, so its modules
 * import them as usual; the entry points only have to call this before loading those modules.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));
// npm writes this file last, after every package of the install is in place.
const INSTALLED = `${BENCH_DIR}node_modules/.package-lock.json`;
const LOCK = `${BENCH_DIR}package-lock.json`;

export function ensureBenchDependencies() {
  if (existsSync(INSTALLED) && statSync(INSTALLED).mtimeMs >= statSync(LOCK).mtimeMs) return;
  console.log(
    'Installing the bench tools (bench/package.json: Lighthouse, autocannon) into bench/node_modules ...',
  );
  execFileSync('npm', ['ci', '--prefix', BENCH_DIR, '--no-audit', '--no-fund'], { stdio: 'inherit' });
}
