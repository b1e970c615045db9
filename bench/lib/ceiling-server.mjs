/**
 * The ceiling: a bare node:http server that answers with bytes recorded from the backend
 * (same status, same headers, same pre-compressed body), doing the least work that the
 * real route must also do: pick the encoding from Accept-Encoding and compare If-None-Match.
 * Started as a child process (same Node binary as the backend) by ceiling.mjs:
 *   node ceiling-server.mjs <routes.json>   → prints the port on stdout
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

// routes: { "<path>": { etag, variants: { "br"|"gzip"|"identity": {status, headers, body(base64)} }, notModified } }
const routes = JSON.parse(readFileSync(process.argv[2], 'utf8'));
for (const route of Object.values(routes)) {
  for (const v of Object.values(route.variants)) v.body = Buffer.from(v.body, 'base64');
}

const server = http.createServer((req, res) => {
  const route = routes[req.url];
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  if (route.notModified && req.headers['if-none-match'] === route.etag) {
    res.writeHead(304, route.notModified.headers).end();
    return;
  }
  const accepted = req.headers['accept-encoding'] ?? '';
  const variant =
    (accepted.includes('br') && route.variants.br) ||
    (accepted.includes('gzip') && route.variants.gzip) ||
    route.variants.identity;
  res.writeHead(variant.status, variant.headers).end(variant.body);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
