import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { RequestLimitsConfig } from '../config/request-limits.config.js';
import { errorBody } from './api-error.js';

/** Bodies that may take long on a slow link: an image (5 MB), a backup (100 MB or more), a CSV (20 MB). */
const LONG_BODY_ROUTES = [
  /^\/api\/uploads\/[^/?]+(?:\?|$)/,
  /^\/api\/admin\/backup\/restore(?:\?|$)/,
  /^\/api\/admin\/shops\/import(?:\?|$)/,
];

const TIMED_OUT = JSON.stringify(errorBody(408, 'REQUEST_TIMEOUT', 'The request did not arrive in time'));

/**
 * 408 and close when a body stalls `bodyIdleSeconds` or (long uploads aside) is not whole within
 * `wholeRequestSeconds`: a slow client must not hold a connection at will. Node's own timeout knows no
 * routes (it would cut a restore), so it is off. Returns the middleware, to be one of the first.
 */
export function enforceRequestDeadlines(server: Server, limits: RequestLimitsConfig) {
  server.requestTimeout = 0;
  server.headersTimeout = limits.wholeRequestSeconds * 1000;
  // Idle keep-alive for 65 s, not Node's 5: a request sent as the server closes fails (a 502 at a
  // proxy), and 5 s is a common pause. The gateway's idle connections last 60 s, shorter.
  server.keepAliveTimeout = 65_000;
  return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    watchBody(request, response, limits);
    next();
  };
}

function watchBody(request: IncomingMessage, response: ServerResponse, limits: RequestLimitsConfig): void {
  // No body (HTTP/1.1 announces one by these headers; `complete` is not set yet for a GET), or all
  // of it came with the headers: no timers for the public catalogue's many small GETs.
  const { headers } = request;
  if (request.complete || !(headers['content-length'] || headers['transfer-encoding'])) return;
  const { socket } = request;
  const idleMs = limits.bodyIdleSeconds * 1000;
  const deadline = LONG_BODY_ROUTES.some((route) => route.test(request.url ?? ''))
    ? Infinity
    : Date.now() + limits.wholeRequestSeconds * 1000;
  let lastArrival = Date.now();
  const arrived = () => (lastArrival = Date.now());
  let timer: NodeJS.Timeout | undefined;
  let confirming: NodeJS.Immediate | undefined;
  const stop = () => {
    clearTimeout(timer);
    clearImmediate(confirming);
    socket.off('data', arrived);
  };
  const check = () => {
    if (request.complete || request.destroyed) return stop();
    const now = Date.now();
    // A full buffer means the server is not reading yet: the client is not the one waiting.
    if (request.readableLength >= request.readableHighWaterMark) lastArrival = now;
    if (now - lastArrival < idleMs && now < deadline) {
      confirming = undefined;
      timer = setTimeout(check, Math.min(lastArrival + idleMs, deadline) - now);
      return;
    }
    if (!confirming) {
      // Timers run before sockets are read: what a busy server has not read yet comes first.
      confirming = setImmediate(check);
      return;
    }
    stop();
    if (response.headersSent) return void socket.destroy();
    response.writeHead(408, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' });
    response.end(TIMED_OUT, () => socket.destroy());
  };
  socket.on('data', arrived);
  request.once('end', stop);
  request.once('close', stop);
  timer = setTimeout(check, Math.min(idleMs, deadline - Date.now()));
}
