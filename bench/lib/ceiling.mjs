/** Records the backend's responses and serves them from ceiling-server.mjs. */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { once } from 'node:events';
import { HOST, rawGet } from './server.mjs';
import { spawnTracked, stopChild } from './processes.mjs';

const SCRIPT = fileURLToPath(new URL('./ceiling-server.mjs', import.meta.url));
// Set by Node itself on every response; the rest is copied verbatim.
const NOT_COPIED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

const copyHeaders = (headers) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !NOT_COPIED.has(k)));
const variantOf = (res) => ({
  status: res.status,
  headers: copyHeaders(res.headers),
  body: res.body.toString('base64'),
});

/**
 * Fetches each path from the backend as br, gzip and identity (and its 304 answer), writes
 * them to `file` and starts the ceiling server with them. Returns { url, stop(), etags }.
 */
export async function startCeiling({ backendUrl, paths, nodeBin, file }) {
  const routes = {};
  for (const path of paths) {
    const variants = {};
    for (const [name, accept] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', 'identity'],
    ]) {
      const res = await rawGet(`${backendUrl}${path}`, { 'accept-encoding': accept });
      if (res.status !== 200)
        throw new Error(`GET ${path} answered ${res.status} while recording the ceiling`);
      variants[name] = variantOf(res);
    }
    const etag = variants.gzip.headers.etag;
    let notModified;
    if (etag) {
      const res = await rawGet(`${backendUrl}${path}`, { 'accept-encoding': 'gzip', 'if-none-match': etag });
      if (res.status !== 304)
        throw new Error(`GET ${path} with If-None-Match answered ${res.status}, not 304`);
      notModified = { headers: copyHeaders(res.headers) };
    }
    routes[path] = { etag, variants, notModified };
  }
  writeFileSync(file, JSON.stringify(routes));
  const child = spawnTracked(nodeBin, [SCRIPT, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = await Promise.race([
    once(child.stdout, 'data'),
    once(child, 'exit').then(() => {
      throw new Error('ceiling server exited at start');
    }),
  ]);
  return {
    url: `http://${HOST}:${String(line).trim()}`,
    pid: child.pid,
    stop: () => stopChild(child),
    etagOf: (path) => routes[path].etag,
  };
}
