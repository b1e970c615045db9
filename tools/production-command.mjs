/**
 * How production runs the backend, read from deploy/backend/Dockerfile: its Node release (which
 * .node-version, tools/use-node.sh and so development and CI run too) and its command
 * (`CMD ["node", ...flags, "dist/main.js"]`) with its allocator settings (`ENV MALLOC_...`).
 * `npm run start:prod -w backend`, the end-to-end suite, the topology test and the bench start the
 * backend with the same flags and settings; deploy/test/images.test.mjs holds them all together.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Production's backend image. */
export const BACKEND_DOCKERFILE = fileURLToPath(new URL('../deploy/backend/Dockerfile', import.meta.url));

/**
 * The Node flags of a Dockerfile's last top-level exec-form CMD (a HEALTHCHECK's indented CMD is
 * not it). Throws unless that CMD is `node [flags] dist/main.js`.
 */
export function dockerfileNodeFlags(text, file = 'Dockerfile') {
  const commands = [...text.matchAll(/^CMD\s+(\[.*\])\s*$/gm)];
  const command = commands.length ? JSON.parse(commands.at(-1)[1]) : [];
  if (command[0] !== 'node' || command.at(-1) !== 'dist/main.js' || command.length < 2)
    throw new Error(
      `${file}: expected CMD ["node", ...flags, "dist/main.js"], found ${JSON.stringify(command)}`,
    );
  const flags = command.slice(1, -1);
  const notFlag = flags.find((flag) => !flag.startsWith('--'));
  if (notFlag) throw new Error(`${file}: "${notFlag}" in the CMD is not a Node flag`);
  return flags;
}

/** Production's Node flags, from deploy/backend/Dockerfile. */
export function productionNodeFlags() {
  return dockerfileNodeFlags(readFileSync(BACKEND_DOCKERFILE, 'utf8'), 'deploy/backend/Dockerfile');
}

/**
 * The allocator's settings in a Dockerfile's environment (`ENV MALLOC_<NAME>_=<value>` lines), as
 * an object for a child process's `env`.
 */
export function dockerfileAllocatorEnv(text) {
  return Object.fromEntries(
    [...text.matchAll(/^ENV\s+(MALLOC_[A-Z_]+)=(\S+)\s*$/gm)].map(([, name, value]) => [name, value]),
  );
}

/** Production's allocator settings, from deploy/backend/Dockerfile. */
export function productionAllocatorEnv() {
  return dockerfileAllocatorEnv(readFileSync(BACKEND_DOCKERFILE, 'utf8'));
}

/** The Node release the project runs everywhere: .node-version (tools/use-node.sh installs it). */
export const NODE_VERSION_FILE = fileURLToPath(new URL('../.node-version', import.meta.url));

export function projectNodeVersion() {
  return readFileSync(NODE_VERSION_FILE, 'utf8').trim();
}

/**
 * The exact Node version of a Dockerfile's `FROM node:<x.y.z>-...` lines (all must agree).
 * Throws when there is none or they differ: no guessing which Node production runs.
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
