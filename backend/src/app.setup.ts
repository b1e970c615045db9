import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getRepositoryToken } from '@nestjs/typeorm';
import compression from 'compression';
import express from 'express';
import session from 'express-session';
import helmet from 'helmet';
import passport from 'passport';
import { DataSource, type Repository } from 'typeorm';
import { SESSION_COOKIE } from './auth/admin-only.decorator.js';
import { HttpExceptionFilter } from './common/http-exception.filter.js';
import { guardJsonBody } from './common/json-body-guard.js';
import { UndeclaredBodyGuard } from './common/undeclared-body.guard.js';
import { enforceRequestDeadlines } from './common/request-deadlines.js';
import { setPublicUrl } from './common/public-url.js';
import { sameOriginOnly } from './common/same-origin.middleware.js';
import { createValidationPipe } from './common/validation.pipe.js';
import type { AppConfig } from './config/app.config.js';
import { inlineScriptHashes, mapTileOrigins, remoteOrigins, serveFrontends } from './frontends/frontends.js';
import { AppMetrics } from './observability/metrics.js';
import { APP_LOGGER, logRequests, trackRequests } from './observability/request-logging.js';
import { ShutdownState } from './observability/shutdown-state.js';
import { setupSwagger } from './openapi.js';
import { PublicPages } from './pages/public-pages.js';
import type { Logger as PinoLogger } from 'pino';
import { Session } from './sessions/session.entity.js';
import { DatabaseSessionStore } from './sessions/session.store.js';

/** JSON bodies above this are refused with 413 (restore uploads are multipart, not JSON). */
export const JSON_BODY_LIMIT = '1mb';

/** The public catalogue: every GET answer under it is sent already compressed (sendDocument). */
const PRE_ENCODED = '/api/shops';

/** Routes that use the session (the admin's page names a signed-in admin's first answers); others skip it. */
const SESSION_ROUTES = ['/api/auth', '/api/admin', '/admin'];

/** Everything between the socket and the controllers, so main.ts and every test build the same app. */
export function configureApp(app: INestApplication, config: AppConfig): void {
  const server = app as NestExpressApplication;
  server.set('trust proxy', config.trustProxy);
  server.disable('x-powered-by');
  // Remotes deployed on their own origin load their manifest, scripts and styles from there.
  const remotes = remoteOrigins(config.frontends);
  // First, so every request gets its id, its metrics, its log line and its deadlines.
  server.use(trackRequests(app.get(AppMetrics), app.get(ShutdownState)));
  const logger = app.get<PinoLogger | null>(APP_LOGGER);
  if (logger) server.use(logRequests(logger));
  server.use(enforceRequestDeadlines(server.getHttpServer() as Server, config.requestLimits));
  server.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // The shell's inline preamble by its hash (frontends.ts), never 'unsafe-inline'.
          scriptSrc: ["'self'", ...inlineScriptHashes(config.frontends), ...remotes],
          // antd writes its CSS-in-JS styles into <style> elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
          imgSrc: ["'self'", 'data:', 'https:', ...mapTileOrigins(config.frontends)],
          fontSrc: ["'self'", 'data:', ...remotes],
          // Uploads go to this backend's own links, on every store.
          connectSrc: ["'self'", ...remotes],
          // The proof of work of visitors' forms (ALTCHA) runs in workers made from blobs.
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // HSTS only means something over HTTPS; helmet sends it, browsers ignore it over HTTP.
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    }),
  );
  app.get(AppMetrics).watchDatabasePool(app.get(DataSource));
  // The public catalogue's GET answers are stored encoded: compression's wrapper would only cost CPU.
  const compress = compression();
  server.use((request: express.Request, response: express.Response, next: express.NextFunction) =>
    request.method === 'GET' && request.url.startsWith(PRE_ENCODED)
      ? next()
      : compress(request, response, next),
  );
  server.use(sameOriginOnly(config.allowedOrigins));
  server.use(express.json({ limit: JSON_BODY_LIMIT, strict: true, verify: guardJsonBody }));

  const sessions = app.get<Repository<Session>>(getRepositoryToken(Session));
  const idleMs = config.session.idleMinutes * 60_000;
  const sessionMiddleware = session({
    name: SESSION_COOKIE,
    secret: config.session.secret,
    store: new DatabaseSessionStore(sessions, idleMs),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    unset: 'destroy',
    // A Secure cookie needs X-Forwarded-Proto trusted even without TRUST_PROXY (a forged one
    // only sends a Secure cookie over HTTP, which no browser sends back).
    proxy: config.session.secureCookie === true ? true : undefined,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.session.secureCookie,
      maxAge: idleMs,
      path: '/',
    },
  });
  server.use(SESSION_ROUTES, sessionMiddleware, passport.initialize(), passport.session());

  setPublicUrl(server.getHttpAdapter().getInstance(), config.publicUrl);
  // Images are public files beside the API; crawlers look for their files at the root.
  app.setGlobalPrefix('api', {
    exclude: ['objects/uploads/:id', 'sitemap.xml', 'sitemap-:part.xml', 'robots.txt'],
  });
  serveFrontends(server, config.frontends, app.get(PublicPages));
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalGuards(new UndeclaredBodyGuard());
  app.useGlobalFilters(new HttpExceptionFilter());
  setupSwagger(app);
}
