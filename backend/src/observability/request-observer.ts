import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
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

/**
 * Watches every request at the HTTP server, before Express and the public catalogue's fast
 * path: gives it a request id (the gateway's X-Request-Id or a new one) and returns it in the
 * response, writes one log line when it ends (method, path, status, duration, admin id),
 * counts and times it by route, and tells the shutdown state what is still in flight.
 */
export function observeRequests(
  server: Server,
  options: { logger?: Logger; metrics: AppMetrics; shutdown: ShutdownState },
): void {
  const { metrics, shutdown } = options;
  const log = options.logger
    ? pinoHttp({
        logger: options.logger,
        genReqId: (request, response) => {
          const id = requestIdOf(request);
          response.setHeader(REQUEST_ID_HEADER, id);
          return id;
        },
        quietReqLogger: true,
        quietResLogger: true,
        customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
        customLogLevel: (_request, response, error) =>
          error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
        customSuccessObject: (request, response, value: { durationMs: number }) =>
          requestFields(request as RoutedRequest, response, value.durationMs),
        customErrorObject: (request, response, error, value: { durationMs: number }) => ({
          ...requestFields(request as RoutedRequest, response, value.durationMs),
          err: error,
        }),
        customSuccessMessage: () => 'request completed',
        customErrorMessage: () => 'request failed',
      })
    : undefined;

  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const started = process.hrtime.bigint();
    (request as RoutedRequest)[PATH] = pathOf(request);
    if (log) log(request, response);
    else response.setHeader(REQUEST_ID_HEADER, requestIdOf(request));
    shutdown.track(response);
    response.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observeRequest(
        request.method ?? 'GET',
        routeOf(request as RoutedRequest),
        response.statusCode,
        seconds,
      );
    });
  });
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
