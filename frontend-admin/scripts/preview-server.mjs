#!/usr/bin/env node
// Serves the BUILT admin remote the way production does, in front of a running backend, for a
// real-browser check (scripts/journey.mjs) or a manual look:
//   /remotes/admin/        frontend-admin/dist
//   /remotes/directory/    frontend-directory/dist (when built)
//   /runtime-config.js     remote manifest URLs for the shell
//   /api/*, /objects/*     proxied to BACKEND_URL (default http://localhost:3000), Host kept, so
//                          the backend's same-origin check and its signed upload URLs see this origin
//   /admin/*               the shell (SHELL_DIST, when given) or else the admin's standalone page
//   anything else          SHELL_DIST/index.html when given
// Usage: npm run build -w frontend-admin && node frontend-admin/scripts/preview-server.mjs [port]
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const backend = new URL(process.env.BACKEND_URL ?? 'http://localhost:3000');
const shellDist = process.env.SHELL_DIST ? path.resolve(process.env.SHELL_DIST) : null;
const adminDist = path.join(root, 'frontend-admin/dist');
const MOUNTS = [
  ['/remotes/admin/', adminDist],
  ['/remotes/directory/', path.join(root, 'frontend-directory/dist')],
  ...(shellDist ? [['/', shellDist]] : []),
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

function sendFile(res, file) {
  res.writeHead(200, {
    'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'Cache-Control': 'no-cache',
  });
  createReadStream(file).pipe(res);
}

function proxy(req, res) {
  const upstream = httpRequest(
    {
      hostname: backend.hostname,
      port: backend.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ statusCode: 502, message: 'Backend unreachable', error: 'Bad Gateway' }));
  });
  req.pipe(upstream);
}

const server = createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (pathname.startsWith('/api/') || pathname.startsWith('/objects/')) return proxy(req, res);
  if (pathname === '/runtime-config.js') {
    const origin = `http://${req.headers.host}`;
    const config = {
      remotes: {
        directory: `${origin}/remotes/directory/mf-manifest.json`,
        admin: `${origin}/remotes/admin/mf-manifest.json`,
      },
    };
    res.writeHead(200, { 'Content-Type': 'application/javascript' });
    return res.end(`window.__ATM_RUNTIME__ = ${JSON.stringify(config)};\n`);
  }
  for (const [prefix, dir] of MOUNTS) {
    if (!pathname.startsWith(prefix)) continue;
    const file = path.join(dir, decodeURIComponent(pathname.slice(prefix.length)));
    if (!file.startsWith(dir)) break;
    if (existsSync(file) && statSync(file).isFile()) return sendFile(res, file);
    if (prefix !== '/') break;
  }
  if (!pathname.startsWith('/remotes/')) {
    const index = shellDist ? path.join(shellDist, 'index.html') : path.join(adminDist, 'index.html');
    if (existsSync(index)) return sendFile(res, index);
  }
  res.writeHead(404, { 'Content-Type': 'text/plain' });
  res.end('not found');
});

server.listen(Number(process.argv[2] ?? process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening http://127.0.0.1:${server.address().port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
