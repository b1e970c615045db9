/**
 * Preloaded into the backend when it runs on Node 24 (`node --import`). better-sqlite3 is a
 * native module built against one Node ABI: the workspace's copy is built for Node 20, so
 * on Node 24 `better-sqlite3` resolves to the same version built for Node 24 in
 * bench/.node24 or $NODE24_DIR (see lib/node24.mjs). Everything else is the product's own node_modules.
 */
import { registerHooks } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Where lib/node24.mjs installed it: $NODE24_DIR, else bench/.node24.
const entry = process.env.NODE24_DIR
  ? `${process.env.NODE24_DIR.replace(/\/$/, '')}/node_modules/better-sqlite3/lib/index.js`
  : fileURLToPath(new URL('../../.node24/node_modules/better-sqlite3/lib/index.js', import.meta.url));

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'better-sqlite3') {
      return { url: pathToFileURL(entry).href, format: 'commonjs', shortCircuit: true };
    }
    return nextResolve(specifier, context);
  },
});
