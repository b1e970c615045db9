// Every image in docker-compose.yml and the Dockerfiles is pinned to an exact version and a
// digest, and none comes from a repository that is gone (MinIO's); the backend image carries
// what the server render reads. Fast: reads files only (the frontends' builds for the last).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { backendImageStage, imagesOf, pinProblems, requiredPackages, serverRenderFiles } from './images.mjs';
import {
  dockerfileAllocatorEnv,
  dockerfileNodeFlags,
  dockerfileNodeVersion,
  productionAllocatorEnv,
  productionNodeFlags,
  productionNodeVersion,
  projectNodeVersion,
} from '../../tools/production-command.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIGEST = `@sha256:${'a'.repeat(64)}`;

/**
 * Images pinned by exact version whose digest is not written yet: the Node release moved
 * to one whose digest could not be read where it was pinned (no route to the image registry).
 * Renovate's docker:pinDigests adds it on its next run; then the entry must go (a stale entry fails).
 */
const DIGEST_PENDING = new Set(['node:24.22.3-bookworm-slim']);

describe('container images', () => {
  it('finds the images of docker-compose.yml and of every Dockerfile', () => {
    const files = new Set(imagesOf(ROOT).map(({ file }) => file));
    for (const file of [
      'docker-compose.yml',
      'deploy/backend/Dockerfile',
      'deploy/frontend/Dockerfile',
      'deploy/gateway/Dockerfile',
    ])
      assert.ok(files.has(file), `no image found in ${file}`);
  });

  it('are all pinned to an exact version and a digest, from repositories that still publish', () => {
    const images = imagesOf(ROOT);
    const unpinned = images
      .map(({ file, image }) => ({
        file,
        image,
        problems: pinProblems(image).filter(
          (problem) => !(problem === 'no sha256 digest' && DIGEST_PENDING.has(image)),
        ),
      }))
      .filter(({ problems }) => problems.length);
    assert.deepEqual(unpinned, []);
    const stale = [...DIGEST_PENDING].filter((pending) => !images.some(({ image }) => image === pending));
    assert.deepEqual(stale, [], 'DIGEST_PENDING names images no file uses any more');
  });

  // Development and CI run .node-version (tools/use-node.sh, .ci/run): every Node image must be
  // that same release, or the tests would run another Node than production's.
  it('run one Node release: .node-version, which CI and development install', () => {
    const nodeImages = imagesOf(ROOT).filter(({ image }) => /^(docker\.io\/)?(library\/)?node:/.test(image));
    assert.ok(nodeImages.length >= 2, JSON.stringify(nodeImages));
    const versions = nodeImages.map(
      ({ file, image }) => `${file} ${dockerfileNodeVersion(`FROM ${image}`, file)}`,
    );
    const wanted = projectNodeVersion();
    assert.match(wanted, /^24\.\d+\.\d+$/);
    assert.equal(productionNodeVersion(), wanted);
    // package.json's engines name that line, and .ci/run and the README install that file's release.
    const { engines } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    assert.equal(engines.node, `^${wanted}`);
    assert.match(readFileSync(join(ROOT, '.ci', 'run'), 'utf8'), /^\. tools\/use-node\.sh$/m);
    assert.match(readFileSync(join(ROOT, 'tools', 'use-node.sh'), 'utf8'), /\.node-version/);
    assert.deepEqual(
      versions,
      nodeImages.map(({ file }) => `${file} ${wanted}`),
    );
  });

  it('the Node version reader takes one exact version and refuses none or several', () => {
    const image = `node:24.12.0-bookworm-slim${DIGEST}`;
    assert.equal(dockerfileNodeVersion(`FROM ${image} AS build\nRUN x\nFROM ${image}\n`), '24.12.0');
    assert.equal(dockerfileNodeVersion(`FROM --platform=linux/amd64 docker.io/library/${image}`), '24.12.0');
    assert.throws(() => dockerfileNodeVersion(`FROM debian:bookworm-20251229-slim${DIGEST}`), /found none/);
    assert.throws(() => dockerfileNodeVersion(`FROM node:24-bookworm-slim${DIGEST}`), /found none/);
    assert.throws(
      () => dockerfileNodeVersion(`FROM ${image} AS build\nFROM node:24.13.0-bookworm-slim${DIGEST}`),
      /found 24\.12\.0, 24\.13\.0/,
    );
  });

  // The bench starts the backend with the Dockerfile's flags (bench/lib/production-command.mjs):
  // the command operators run by hand must be that same one, or the bench measures another.
  it('start the backend with one Node command: the image, start:prod and the bench', () => {
    const flags = productionNodeFlags();
    // V8's heap bounded by its limits, not by --optimize-for-size (which slows the compiled code).
    assert.ok(!flags.includes('--optimize-for-size'), JSON.stringify(flags));
    assert.ok(
      flags.some((flag) => /^--max-old-space-size=\d+$/.test(flag)),
      JSON.stringify(flags),
    );
    const allocator = productionAllocatorEnv();
    assert.deepEqual(allocator, { MALLOC_MMAP_THRESHOLD_: '65536' });
    const backend = JSON.parse(readFileSync(join(ROOT, 'backend', 'package.json'), 'utf8'));
    const settings = Object.entries(allocator).map(([name, value]) => `${name}=${value}`);
    assert.equal(backend.scripts['start:prod'], [...settings, 'node', ...flags, 'dist/main.js'].join(' '));
  });

  it('the allocator settings reader takes ENV MALLOC_ lines only', () => {
    const text =
      'ENV NODE_ENV=production PORT=3000\nENV MALLOC_ARENA_MAX=2\n# ENV MALLOC_X_=1\nENV MALLOC_MMAP_THRESHOLD_=131072\n';
    assert.deepEqual(dockerfileAllocatorEnv(text), {
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
    });
  });

  it('the Node flags reader takes the last top-level CMD and refuses any other command', () => {
    const healthcheck = 'HEALTHCHECK --interval=15s \\\n  CMD ["node", "-e", "process.exit(0)"]\n';
    assert.deepEqual(dockerfileNodeFlags(`${healthcheck}CMD ["node", "dist/main.js"]\n`), []);
    assert.deepEqual(
      dockerfileNodeFlags(
        `CMD ["node", "old.js"]\n${healthcheck}CMD ["node", "--a", "--b=1", "dist/main.js"]`,
      ),
      ['--a', '--b=1'],
    );
    assert.throws(() => dockerfileNodeFlags(healthcheck), /expected CMD/);
    assert.throws(() => dockerfileNodeFlags('CMD ["npm", "start"]'), /expected CMD/);
    assert.throws(() => dockerfileNodeFlags('CMD ["node", "x.js", "dist/main.js"]'), /not a Node flag/);
  });

  it('the check refuses floating tags, missing digests and MinIO', () => {
    assert.deepEqual(pinProblems(`node:24.12.0-bookworm-slim${DIGEST}`), []);
    assert.deepEqual(pinProblems(`debian:bookworm-20251229-slim${DIGEST}`), []);
    assert.deepEqual(pinProblems(`docker.io/dxflrs/garage:v2.3.0${DIGEST}`), []);
    assert.deepEqual(pinProblems('node:24.12.0-bookworm-slim'), ['no sha256 digest']);
    assert.deepEqual(pinProblems(`node:24-bookworm-slim${DIGEST}`), [
      'tag "24-bookworm-slim" is not an exact version',
    ]);
    assert.deepEqual(pinProblems(`mysql:8.4${DIGEST}`), ['tag "8.4" is not an exact version']);
    assert.deepEqual(pinProblems('nginx'), ['tag "(none)" is not an exact version', 'no sha256 digest']);
    assert.deepEqual(pinProblems(`minio/minio:RELEASE.2025-04-22T22-12-26Z${DIGEST}`).slice(0, 1), [
      'minio/minio is no longer published',
    ]);
    assert.deepEqual(pinProblems(`docker.io/minio/mc:1.2.3${DIGEST}`), ['minio/mc is no longer published']);
  });
});

// The backend renders the public pages from the frontends' Node builds (backend/src/pages/):
// without them in the image, every page would fall back to the browser-only shell, silently.
describe('the backend image carries the server render', () => {
  const stage = backendImageStage(ROOT);
  const files = serverRenderFiles(ROOT);
  /** The COPY that brings `file` (itself or a folder holding it), if any. */
  const copyOf = (file) =>
    stage.copies.find(({ destination }) => file === destination || file.startsWith(`${destination}/`));

  it('copies every file server-bundles.ts reads, under FRONTEND_ROOT', () => {
    assert.deepEqual([...files].sort(), [
      'frontend-directory/dist-ssr/directory.cjs',
      'frontend-directory/dist/mf-manifest.json',
      'frontend-shell/dist-ssr/shell.cjs',
      'frontend-shell/dist/index.html',
    ]);
    for (const file of files) assert.ok(copyOf(file), `deploy/backend/Dockerfile does not copy ${file}`);
    // The copies land in the WORKDIR of the moment, which must be FRONTEND_ROOT.
    assert.equal(stage.env.FRONTEND_ROOT, stage.workdir);
    const [, later] = [...stage.final.matchAll(/^WORKDIR\s+\S+/gm)];
    for (const { source } of stage.copies)
      assert.ok(
        stage.final.indexOf(`COPY --from=build /app/${source} `) < (later?.index ?? Infinity),
        `${source} is copied after a WORKDIR change`,
      );
  });

  it('builds those frontends in the build stage, and each copied file is in their build output', () => {
    for (const workspace of new Set(stage.copies.map(({ source }) => source.split('/')[0]))) {
      assert.match(stage.text, new RegExp(`^COPY ${workspace} ${workspace}$`, 'm'));
      assert.match(stage.text, new RegExp(`^RUN npm run build( -w \\S+)* -w ${workspace}\\b`, 'm'));
    }
    for (const { source } of stage.copies)
      assert.ok(existsSync(join(ROOT, source)), `${source} is not in the build output: run npm run build`);
    // Chunks included: the Node builds load theirs from beside them (dist-ssr/*.cjs).
    for (const file of files.filter((name) => name.endsWith('.cjs')))
      assert.ok(copyOf(file).destination.endsWith('dist-ssr'), `${file}: copy its whole dist-ssr folder`);
  });

  it('installs every package the Node builds require as a production dependency of the backend', () => {
    assert.match(stage.text, /npm ci --omit=dev --workspace backend /);
    // Node looks for them in a node_modules above the builds: FRONTEND_ROOT's own.
    const [, later] = [...stage.final.matchAll(/^WORKDIR\s+\S+/gm)];
    const modules = stage.final.indexOf('COPY --from=runtime-deps /app/node_modules node_modules\n');
    assert.ok(
      modules !== -1 && modules < (later?.index ?? Infinity),
      'node_modules is not under FRONTEND_ROOT',
    );
    const dependencies = JSON.parse(readFileSync(join(ROOT, 'backend', 'package.json'), 'utf8')).dependencies;
    const required = new Set();
    for (const frontend of ['frontend-shell', 'frontend-directory']) {
      const folder = join(ROOT, frontend, 'dist-ssr');
      for (const name of readdirSync(folder).filter((entry) => entry.endsWith('.cjs')))
        for (const pkg of requiredPackages(readFileSync(join(folder, name), 'utf8'))) required.add(pkg);
    }
    assert.ok(required.has('react'), [...required].join(', '));
    const missing = [...required].filter(
      (pkg) => !builtinModules.includes(pkg.replace(/^node:/, '')) && !dependencies[pkg],
    );
    assert.deepEqual(missing, [], 'add them to backend/package.json dependencies');
  });

  it('the require scan finds package names, scoped or not, and skips relative paths', () => {
    assert.deepEqual(
      requiredPackages(
        'require("react/jsx-runtime");require("./975.cjs");require("@reduxjs/toolkit/query/react");require("node:fs")',
      ),
      ['@reduxjs/toolkit', 'node:fs', 'react'],
    );
  });
});
