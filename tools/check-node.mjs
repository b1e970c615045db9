#!/usr/bin/env node
// `npm ci` and `npm install` run this first (the root's preinstall): the project runs on one
// Node, the 24 LTS line whose release .node-version names. Another Node is refused with the one
// command that fixes it, instead of building native modules and running tests on it.
import { readFileSync } from 'node:fs';

const wanted = readFileSync(new URL('../.node-version', import.meta.url), 'utf8').trim();
const [major] = wanted.split('.');
if (process.versions.node.split('.')[0] !== major) {
  console.error(
    `This project runs on Node ${wanted} (.node-version), not ${process.version}. ` +
      'Run `. tools/use-node.sh` in this shell (it installs that Node once), then try again.',
  );
  process.exit(1);
}
if (process.versions.node !== wanted)
  console.warn(`Node ${process.version} here; .node-version names ${wanted}, which CI and the images run.`);
