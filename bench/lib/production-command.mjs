/**
 * The flags production gives Node (deploy/backend/Dockerfile's `CMD ["node", ...flags,
 * "dist/main.js"]`): the bench starts the backend with the same ones, so its memory and speed
 * are production's. `npm run start:prod -w backend` runs the same command
 * (deploy/test/images.test.mjs holds the two together).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Production's backend image: its Node release (node24.mjs) and its command (here) are read from it. */
export const BACKEND_DOCKERFILE = fileURLToPath(new URL('../../deploy/backend/Dockerfile', import.meta.url));

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
