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

/** The pino logger: JSON lines or pino-pretty's in development; no redaction, as no line holds a secret. */
export function createAppLogger(config: ObservabilityConfig, destination?: DestinationStream): Logger {
  const stream =
    destination ??
    (config.logFormat === 'pretty'
      ? pretty({ colorize: true, singleLine: true, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss.l' })
      : // Asynchronous: lines go out together, not one blocking write each (flushed on exit).
        pino.destination({ dest: 1, sync: false }));
  return pino(
    {
      level: config.logLevel,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  );
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
 * The first middleware: the request's id (the gateway's X-Request-Id or a new one), echoed; the
 * shutdown state's count of what is in flight; the request counted and timed by route.
 */
export function trackRequests(metrics: AppMetrics, shutdown: ShutdownState) {
  return (request: TrackedRequest, response: ServerResponse, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    request.id = requestIdOf(request);
    response.setHeader(REQUEST_ID_HEADER, request.id);
    shutdown.begun(response);
    // 'close' follows 'finish', and comes alone when the connection went first.
    response.once('close', () => {
      shutdown.ended();
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
 * One line per request through pino-http: info, warn for 4xx, error for 5xx or a failure. Its child
 * logger binds only the request's id (Nest's lines carry it too); no request or response is serialised.
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
