import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
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
 * The process's pino logger: JSON lines (one object per line, ISO time, level as a word) or,
 * in development, pino-pretty's readable lines. `destination` is for tests. No redaction: the
 * app logs no object holding a secret (request lines have the fixed fields of `lineOf`, Nest's
 * own lines are text), and a redaction pass over every line cost a quarter of the line
 * (bench/FINDINGS.md, round 8). observability.test.ts reads the whole log for secrets.
 */
export function createAppLogger(config: ObservabilityConfig, destination?: DestinationStream): Logger {
  const stream =
    destination ??
    (config.logFormat === 'pretty'
      ? pretty({ colorize: true, singleLine: true, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss.l' })
      : bufferedStdout());
  return pino(
    {
      level: config.logLevel,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  );
}

/**
 * Stdout written asynchronously, 4 KB at a time and at least every second: a write per request
 * line was about a tenth of the main thread's busy time on the small API answers (CPU profile of
 * the API bench). Pino writes what is left synchronously when the process exits.
 */
function bufferedStdout(): DestinationStream {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => {
    try {
      stream.flush();
    } catch {
      // closed as the process exits (pino has flushed it)
    }
  }, 1_000).unref();
  return stream;
}

/** A request as Express and passport leave it (pino-http's types add its `id`). */
type TrackedRequest = IncomingMessage & {
  originalUrl?: string;
  route?: { path?: string };
  baseUrl?: string;
  user?: { id?: string };
  [ROUTE]?: string;
};
const ROUTE = Symbol('route');

/** Names the route of a request answered outside Nest's router (a page, a static file). */
export function markRoute(request: IncomingMessage, route: string): void {
  (request as TrackedRequest)[ROUTE] = route;
}

/** The route template (`/api/shops/:id`), never the raw path, so metrics keep few label values. */
function routeOf(request: TrackedRequest): string {
  if (request[ROUTE]) return request[ROUTE];
  if (request.route?.path) return `${request.baseUrl ?? ''}${request.route.path}`;
  return 'unmatched';
}

function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && ACCEPTED_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/**
 * The first middleware: gives the request its id (the gateway's X-Request-Id or a new one) and
 * returns it, tells the shutdown state what is in flight, and counts and times the request by
 * route when its response closes.
 */
export function trackRequests(metrics: AppMetrics, shutdown: ShutdownState) {
  return (request: TrackedRequest, response: ServerResponse, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    request.id = requestIdOf(request);
    response.setHeader(REQUEST_ID_HEADER, request.id);
    shutdown.track(response);
    // 'close' follows 'finish', and comes alone when the connection went first.
    response.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observeRequest(request.method ?? 'GET', routeOf(request), response.statusCode, seconds);
    });
    next();
  };
}

/** A request line's fields: the path without its query string (which may hold signatures). */
function lineOf(request: TrackedRequest, response: ServerResponse, durationMs: number) {
  return {
    method: request.method,
    path: (request.originalUrl ?? request.url ?? '/').split('?')[0],
    route: routeOf(request),
    status: response.statusCode,
    durationMs,
    userId: request.user?.id,
  };
}

/**
 * One line per request through pino-http: info, warn for 4xx, error (with an error) for 5xx or
 * a failed response. Lean: the one child logger pino-http makes per request binds only the
 * request's id (the serializer of its `requestId` key), so the lines Nest writes while handling
 * the request carry it too (nestjs-pino, `useExisting`); no request or response object is
 * serialised, and the line holds the fields of `lineOf` only.
 */
export function logRequests(logger: Logger) {
  return pinoHttp<Request, Response>({
    logger,
    genReqId: (request) => request.id ?? requestIdOf(request),
    customAttributeKeys: { req: 'requestId' },
    wrapSerializers: false,
    serializers: { requestId: (request: TrackedRequest) => request.id },
    customLogLevel: (_request, response, error) =>
      error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
    customSuccessMessage: () => 'request completed',
    customSuccessObject: (request, response, { responseTime }: { responseTime: number }) =>
      lineOf(request, response, responseTime),
    customErrorMessage: () => 'request failed',
    customErrorObject: (request, response, error, { responseTime }: { responseTime: number }) => ({
      ...lineOf(request, response, responseTime),
      err: error,
    }),
  });
}
