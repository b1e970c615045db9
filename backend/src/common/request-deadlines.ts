import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { RequestLimitsConfig } from '../config/request-limits.config.js';
import type { ErrorCode } from './api-error.js';

/** Bodies that may take long on a slow link: an image (5 MB), a backup (100 MB or more), a CSV (20 MB). */
const LONG_BODY_ROUTES = [
  /^\/api\/uploads\/[^/?]+(?:\?|$)/,
  /^\/api\/admin\/backup\/restore(?:\?|$)/,
  /^\/api\/admin\/shops\/import(?:\?|$)/,
];

const TIMED_OUT = JSON.stringify({
  statusCode: 408,
  code: 'REQUEST_TIMEOUT' satisfies ErrorCode,
  message: 'The request did not arrive in time',
  error: 'Request Timeout',
});

/**
 * Ends requests whose body stops arriving for `bodyIdleSeconds`, and requests other than
 * uploads and restores that have not arrived whole within `wholeRequestSeconds`, with 408 and
 * the connection closed: otherwise a client that sends headers and then nothing, or one byte
 * every few seconds, holds a connection for as long as it likes. Node's own whole-request
 * timeout is turned off because it knows no routes and would cut a slow restore upload.
 * Returns the middleware that watches each request: one of the first, before anything reads a
 * body.
 */
export function enforceRequestDeadlines(server: Server, limits: RequestLimitsConfig) {
  server.requestTimeout = 0;
  server.headersTimeout = limits.wholeRequestSeconds * 1000;
  // An idle keep-alive connection is closed after 65 s, not Node's 5 (6 with its buffer): a
  // request a client sends on a connection at the instant the server closes it fails (ECONNRESET,
  // or a 502 at a proxy), and 5 s is a pause clients often make. The gateway keeps its idle
  // connections 60 s, shorter.
  server.keepAliveTimeout = 65_000;
  return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    watchBody(request, response, limits);
    next();
  };
}

function watchBody(request: IncomingMessage, response: ServerResponse, limits: RequestLimitsConfig): void {
  if (request.complete) return; // no body, or all of it came with the headers
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
      // Timers run before the event loop reads its sockets: when the server was busy past the
      // limit, what the client sent meanwhile is still unread. An immediate runs after that read.
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
