import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { ObservabilityConfig } from '../config/observability.config.js';
import type { AppMetrics } from './metrics.js';
import type { ShutdownState } from './shutdown-state.js';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Injection token of the app's pino logger (null when LOG_FORMAT=off). */
export const APP_LOGGER = Symbol('APP_LOGGER');

/** An id the gateway (or a client) sent is kept only if it is short and plain: it lands in logs. */
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Keys that must never reach a log line, wherever code might log an object holding them
 * (request lines themselves carry no headers, bodies or query strings at all).
 */
const REDACTED = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'secret',
  'cookie',
  'authorization',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.secret',
  '*.cookie',
  '*.authorization',
  'headers.cookie',
  'headers.authorization',
];

/**
 * The process's pino logger: JSON lines (one object per line, ISO time, level as a word) or,
 * in development, pino-pretty's readable lines. `destination` is for tests.
 */
export function createAppLogger(config: ObservabilityConfig, destination?: DestinationStream): Logger {
  const stream =
    destination ??
    (config.logFormat === 'pretty'
      ? pretty({ colorize: true, singleLine: true, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss.l' })
      : // Written asynchronously: lines that arrive while a write is under way go out together in
        // the next one, instead of one blocking write per request line. Pino writes what is left
        // synchronously when the process exits.
        pino.destination({ dest: 1, sync: false }));
  return pino(
    {
      level: config.logLevel,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED, censor: '[redacted]' },
    },
    stream,
  );
}

/** The path of a request without its query string (which may hold signatures or tokens). */
const pathOf = (request: IncomingMessage) => (request.url ?? '/').split('?')[0];

type RoutedRequest = IncomingMessage & {
  route?: { path?: string };
  baseUrl?: string;
  user?: { id?: string };
  [ROUTE]?: string;
  [PATH]?: string;
};
const ROUTE = Symbol('route');
const PATH = Symbol('path');

/** Marks a request served outside Express's router (the public catalogue) with its route. */
export function markRoute(request: IncomingMessage, route: string): void {
  (request as RoutedRequest)[ROUTE] = route;
}

/** The route template (`/api/shops/:id`), never the raw path, so metrics keep few label values. */
function routeOf(request: RoutedRequest): string {
  if (request[ROUTE]) return request[ROUTE];
  if (request.route?.path) return `${request.baseUrl ?? ''}${request.route.path}`;
  return 'unmatched';
}

function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && ACCEPTED_REQUEST_ID.test(sent) ? sent : randomUUID();
}

const REQUEST_ID = Symbol('requestId');
type LoggedRequest = IncomingMessage & { log?: Logger; [REQUEST_ID]?: string };

/**
 * Watches every request at the HTTP server, before Express and the public catalogue's fast
 * path: gives it a request id (the gateway's X-Request-Id or a new one) and returns it in the
 * response, writes one log line when it ends (method, path, status, duration, admin id),
 * counts and times it by route, and tells the shutdown state what is still in flight.
 *
 * Not pino-http: it made two child loggers per request, one of them serialising the whole
 * request through the redaction pass though nothing logged it, and the profile of
 * `GET /api/shops/{id}` put that at a third of the request's cost. The logger carrying the id
 * for lines written while Nest handles a request is bound by `bindRequestLogger`, on the
 * Express path only.
 */
export function observeRequests(
  server: Server,
  options: { logger?: Logger; metrics: AppMetrics; shutdown: ShutdownState },
): void {
  const { metrics, shutdown } = options;
  // Request lines hold only the fixed fields of requestFields, none of them a redacted key:
  // the redaction pass (a quarter of a line's cost, bench:request-cost) has nothing to do there.
  const logger = options.logger?.child({}, { redact: [] });
  server.prependListener('request', (request: LoggedRequest, response: ServerResponse) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(request);
    response.setHeader(REQUEST_ID_HEADER, requestId);
    (request as RoutedRequest)[PATH] = pathOf(request);
    request[REQUEST_ID] = requestId;
    shutdown.track(response);
    let ended = false;
    // 'finish' when the last byte went out, 'close' alone when the connection went first.
    const end = (error?: Error) => {
      if (ended) return;
      ended = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(request as RoutedRequest);
      metrics.observeRequest(request.method ?? 'GET', route, response.statusCode, seconds);
      if (logger) writeLine(logger, request as RoutedRequest, response, requestId, seconds, error);
    };
    response.once('finish', () => end());
    response.once('close', () => end());
    response.once('error', end);
  });
}

/**
 * Express middleware: `request.log`, the logger nestjs-pino uses for the lines Nest writes while
 * it handles the request, so that they carry the request's id. Not set in observeRequests: the
 * public catalogue's fast path writes no such line, and a child logger per request is work.
 */
export function bindRequestLogger(logger: Logger) {
  return (request: LoggedRequest, _response: ServerResponse, next: () => void): void => {
    request.log = logger.child({ requestId: request[REQUEST_ID] });
    next();
  };
}

/** The request's one log line: info, warn for 4xx, error (with an error) for 5xx or a failed response. */
function writeLine(
  logger: Logger,
  request: RoutedRequest,
  response: ServerResponse,
  requestId: string,
  seconds: number,
  error?: Error,
): void {
  const fields = { requestId, ...requestFields(request, response, Math.round(seconds * 1000)) };
  const status = response.statusCode;
  if (error || status >= 500) {
    logger.error(
      { ...fields, err: error ?? new Error(`failed with status code ${status}`) },
      'request failed',
    );
  } else if (status >= 400) logger.warn(fields, 'request completed');
  else logger.info(fields, 'request completed');
}

function requestFields(request: RoutedRequest, response: ServerResponse, durationMs: number) {
  return {
    method: request.method,
    path: request[PATH] ?? pathOf(request),
    route: routeOf(request),
    status: response.statusCode,
    durationMs,
    userId: request.user?.id,
  };
}
