/**
 * Diagnosis only (bench/diagnose.mjs): an Express app that serves the recorded /api/shops
 * bytes like the backend's sendDocument does, with the backend's global middleware added one
 * layer at a time, so the cost of each layer shows as a step between the ceiling and the
 * backend. The layers and their options are copied from backend/src/app.setup.ts.
 *   node ladder-server.mjs <routes.json> <layers: comma list of helmet,compression,guard,json>
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// The product's own copies of the middleware (the backend workspace's dependencies).
const require = createRequire(new URL('../../backend/package.json', import.meta.url));
const express = require('express');
const helmet = require('helmet');
const compression = require('compression');

const routes = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const layers = new Set((process.argv[3] ?? '').split(',').filter(Boolean));
const doc = routes['/api/shops'];
const bodies = Object.fromEntries(
  Object.entries(doc.variants).map(([k, v]) => [k, Buffer.from(v.body, 'base64')]),
);

const app = express();
app.disable('x-powered-by');
if (layers.has('helmet')) {
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    }),
  );
}
if (layers.has('compression')) app.use(compression());
if (layers.has('guard')) app.use((req, _res, next) => next()); // sameOriginOnly: GET returns at once
if (layers.has('json')) app.use(express.json({ limit: '1mb', strict: true }));

// Same logic as sendDocument in backend/src/shops/shops.controller.ts.
app.get('/api/shops', (req, res) => {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('ETag', doc.etag);
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
  const inm = req.headers['if-none-match'];
  if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === doc.etag)) {
    res.status(304).end();
    return;
  }
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const [body, encoding] = /\bbr\b/.test(accepted)
    ? [bodies.br, 'br']
    : /\bgzip\b/.test(accepted)
      ? [bodies.gzip, 'gzip']
      : [bodies.identity, undefined];
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', String(body.length));
  res.status(200).end(body);
});

const server = app.listen(0, '127.0.0.1', () => console.log(server.address().port));
