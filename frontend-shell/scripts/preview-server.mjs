#!/usr/bin/env node
// Serves the BUILT frontends the way production does, with fixture data instead of the backend:
//   /                      frontend-shell/dist (SPA fallback to index.html)
//   /remotes/directory/    frontend-directory/dist
//   /runtime-config.js     remote manifest URLs (the admin one is absent on purpose)
//   /api/shops*            fixture JSON; /objects/fixtures/* fixture images
// Usage: npm run build:frontends && node frontend-shell/scripts/preview-server.mjs [port]
// (PORT env or first argument; 0 picks a free port). Prints "listening <url>" when ready.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import {
  fixtureCategories,
  fixtureCities,
  fixtureImages,
  fixtureShops,
  fixtureStates,
} from './fixture-shops.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MOUNTS = [
  ['/remotes/directory/', path.join(root, 'frontend-directory/dist')],
  ['/', path.join(root, 'frontend-shell/dist')],
];
const TYPES = {
  '.js': 'application/javascript',
  '.css': 'text/css',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};
const API = {
  '/api/shops': fixtureShops,
  '/api/shops/categories': fixtureCategories,
  '/api/shops/cities': fixtureCities,
  '/api/shops/states': fixtureStates,
};
const delayMs = Number(process.env.API_DELAY_MS ?? 0);

function send(res, status, type, body) {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  res.end(body);
}

function sendFile(req, res, file) {
  const ext = path.extname(file);
  const hashed = /\.[0-9a-f]{10}\.(js|css)$/.test(file);
  const headers = {
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    // Hashed files never change; index.html, remoteEntry.js and mf-manifest.json must be revalidated.
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    'Access-Control-Allow-Origin': '*',
  };
  const gzip = /\.(js|css|html|json|svg)$/.test(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  if (gzip) headers['Content-Encoding'] = 'gzip';
  res.writeHead(200, headers);
  const stream = createReadStream(file);
  (gzip ? stream.pipe(createGzip()) : stream).pipe(res);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const { pathname } = url;
  if (pathname === '/runtime-config.js') {
    const origin = `http://${req.headers.host}`;
    const config = {
      remotes: {
        directory: `${origin}/remotes/directory/mf-manifest.json`,
        admin: `${origin}/remotes/admin/mf-manifest.json`,
      },
    };
    return send(res, 200, 'application/javascript', `window.__ATM_RUNTIME__ = ${JSON.stringify(config)};\n`);
  }
  if (pathname in API) {
    return setTimeout(() => send(res, 200, 'application/json', JSON.stringify(API[pathname])), delayMs);
  }
  if (pathname.startsWith('/api/'))
    return send(
      res,
      404,
      'application/json',
      JSON.stringify({ statusCode: 404, message: 'Not Found', error: 'Not Found' }),
    );
  if (pathname.startsWith('/objects/fixtures/')) {
    const svg = fixtureImages[pathname.slice('/objects/fixtures/'.length)];
    return svg ? send(res, 200, 'image/svg+xml', svg) : send(res, 404, 'text/plain', 'not found');
  }
  for (const [prefix, dir] of MOUNTS) {
    if (!pathname.startsWith(prefix)) continue;
    const file = path.join(dir, decodeURIComponent(pathname.slice(prefix.length)));
    if (!file.startsWith(dir)) return send(res, 400, 'text/plain', 'bad path');
    if (existsSync(file) && statSync(file).isFile()) return sendFile(req, res, file);
    if (prefix !== '/' || pathname.startsWith('/remotes/')) return send(res, 404, 'text/plain', 'not found');
    return sendFile(req, res, path.join(dir, 'index.html')); // SPA fallback: the shell renders 404 itself
  }
  return send(res, 404, 'text/plain', 'not found');
});

const port = Number(process.argv[2] ?? process.env.PORT ?? 0);
server.listen(port, '127.0.0.1', () => {
  console.log(`listening http://127.0.0.1:${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
