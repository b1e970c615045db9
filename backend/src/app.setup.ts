import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getRepositoryToken } from '@nestjs/typeorm';
import compression from 'compression';
import express from 'express';
import session from 'express-session';
import helmet from 'helmet';
import passport from 'passport';
import type { Repository } from 'typeorm';
import { SESSION_COOKIE } from './auth/admin-only.decorator.js';
import { HttpExceptionFilter } from './common/http-exception.filter.js';
import { sameOriginOnly } from './common/same-origin.middleware.js';
import { createValidationPipe } from './common/validation.pipe.js';
import type { AppConfig } from './config/app.config.js';
import { setupSwagger } from './openapi.js';
import { Session } from './sessions/session.entity.js';
import { DatabaseSessionStore } from './sessions/session.store.js';

/** JSON bodies above this are refused with 413 (restore uploads are multipart, not JSON). */
export const JSON_BODY_LIMIT = '1mb';

/** Routes that read or change the session; public routes skip the session middleware. */
const SESSION_ROUTES = ['/api/auth', '/api/admin'];

/**
 * Everything between the socket and the controllers, in one place so that main.ts and every
 * test build the very same app.
 */
export function configureApp(app: INestApplication, config: AppConfig): void {
  const server = app as NestExpressApplication;
  server.set('trust proxy', config.trustProxy);
  server.disable('x-powered-by');
  server.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // antd writes its CSS-in-JS styles into <style> elements at run time.
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
      // HSTS only means something over HTTPS; helmet sends it, browsers ignore it over HTTP.
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    }),
  );
  server.use(compression());
  server.use(sameOriginOnly(config.allowedOrigins));
  server.use(express.json({ limit: JSON_BODY_LIMIT, strict: true }));

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
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.session.secureCookie,
      maxAge: idleMs,
      path: '/',
    },
  });
  server.use(SESSION_ROUTES, sessionMiddleware, passport.initialize(), passport.session());

  // Images are public files beside the API, not API resources.
  app.setGlobalPrefix('api', { exclude: ['objects/uploads/:id'] });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpExceptionFilter());
  setupSwagger(app);
}
