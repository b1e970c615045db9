import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_PAGE_PATHS } from 'contract';
import type { FrontendsConfig } from '../config/frontends.config.js';
import { ApiError } from '../common/api-error.js';
import { HttpExceptionFilter } from '../common/http-exception.filter.js';
import { markRoute } from '../observability/request-logging.js';
import { sendDocument } from '../common/encoded-document.js';
import type { PublicPages } from '../pages/public-pages.js';
import { adminRemoteHints, adminSessionHints, withHints } from './admin-page-hints.js';

/** Paths that belong to the backend, never to the shell's router. */
const BACKEND_PATHS = /^\/(api|objects|remotes)(\/|$)|^\/(sitemap(-\d+)?\.xml|robots\.txt)$/;
/** The admin's pages (contract ADMIN_PAGE_PATHS) as one pattern: `:id` is one path segment. */
const ADMIN_PAGES = ADMIN_PAGE_PATHS.map((page) => (page ? `/${page.replace(/:[a-z]+/gi, '[^/]+')}` : ''));
/** Only these load the admin; any other path under /admin is the one 404 page, with a 404 status. */
const ADMIN_ROUTES = new RegExp(`^/admin(${ADMIN_PAGES.join('|')})/?$`);
const ADMIN_AREA = /^\/admin(\/|$)/;
/** Client routes the shell knows (frontend-common/src/routes.ts), when pages are not rendered here. */
const SHELL_ROUTES = new RegExp(`^(/en)?/(shops(/[^/]+)?/?)?$|^/en$|${ADMIN_ROUTES.source}`);
/** Source maps: kept beside each build (dist-sourcemaps/), never served, even if one is in dist. */
const SOURCE_MAP = /\.map$/i;
/** webpack names hashed files `name.<hash>.js`; they never change, so cache them for a year. */
const HASHED_FILE = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg|webp)$/;

/** Metrics and request lines name every file of a build by one route, not by its path. */
const STATIC_ROUTE = '(static file)';

function cacheHeaders(response: Response, path: string): void {
  markRoute(response.req, STATIC_ROUTE);
  response.setHeader(
    'Cache-Control',
    HASHED_FILE.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}

/**
 * The shell's service worker (at the root: its scope is every public page) is always revalidated, so an
 * update is found on the next visit. It fetches the map tiles the page shows, so its own CSP's connect-src
 * allows what the page's img-src does.
 */
function serviceWorkerHeaders(response: Response, config: FrontendsConfig): void {
  const policy = response.getHeader('Content-Security-Policy');
  if (typeof policy !== 'string') return;
  const tiles = ['https:', ...mapTileOrigins(config)].join(' ');
  response.setHeader('Content-Security-Policy', policy.replace(/connect-src /, `connect-src ${tiles} `));
}

/** A page of the shell (`html`) with `status`; its body only for GET. */
function sendHtml(request: Request, response: Response, status: number, html: string | Buffer): void {
  response.status(status);
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  response.setHeader('Cache-Control', 'no-cache');
  response.end(request.method === 'HEAD' ? undefined : html);
}

/** The origins of remotes served from elsewhere (a CDN): the shell's pages load their files. */
export function remoteOrigins(config: FrontendsConfig): string[] {
  const origins = Object.values(config.remotes)
    .filter((url) => /^https?:\/\//.test(url))
    .map((url) => new URL(url).origin);
  return [...new Set(origins)];
}

/** CSP sources ('sha256-...') for the inline scripts of the built shell's index.html (its preamble). */
export function inlineScriptHashes(config: FrontendsConfig): string[] {
  const indexFile = join(config.root, 'frontend-shell', 'dist', 'index.html');
  if (!existsSync(indexFile)) return [];
  const html = readFileSync(indexFile, 'utf8');
  return inlineScripts(html).map(
    (body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
}

/** The bodies of the page's attribute-less `<script>` elements (split, as a lazy regex would backtrack). */
function inlineScripts(html: string): string[] {
  const opened = html.split('<script>').slice(1);
  return opened.filter((part) => part.includes('</script>')).map((part) => part.split('</script>')[0]);
}

/** The origin of map tiles served over plain HTTP (a local tile server; https: is allowed anyway). */
export function mapTileOrigins(config: FrontendsConfig): string[] {
  const url = config.map.tileUrl;
  return /^http:\/\//.test(url) ? [new URL(url.replace(/\{[a-z]\}/g, '0')).origin] : [];
}

/** The runtime configuration the shell loads first (remotes, map tiles); `<` escaped. */
export function runtimeConfigScript(config: FrontendsConfig): string {
  const value = JSON.stringify({ remotes: config.remotes, map: config.map }).replace(/</g, '\\u003c');
  return `window.__ATM_RUNTIME__ = ${value};\n`;
}

/** One port for `npm start`: the shell at `/`, remotes under `/remotes/<name>/`; unbuilt ones skipped. */
export function serveFrontends(
  app: NestExpressApplication,
  config: FrontendsConfig,
  pages?: PublicPages,
): { served: string[] } {
  const served: string[] = [];
  const script = runtimeConfigScript(config);
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (!SOURCE_MAP.test(request.path) || /^\/(api|objects)(\/|$)/.test(request.path)) return next();
    response.status(404).type('text/plain').end('Not Found');
  });
  app.use('/runtime-config.js', (request: Request, response: Response) => {
    markRoute(request, '/runtime-config.js');
    response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    response.setHeader('Cache-Control', 'no-cache');
    response.end(script);
  });
  for (const remote of ['directory', 'admin']) {
    const dist = join(config.root, `frontend-${remote}`, 'dist');
    if (!existsSync(dist)) continue;
    app.use(`/remotes/${remote}`, express.static(dist, { index: false, setHeaders: cacheHeaders }));
    served.push(remote);
  }
  const shellDist = join(config.root, 'frontend-shell', 'dist');
  const indexFile = join(shellDist, 'index.html');
  if (!existsSync(indexFile)) return { served };
  // Not asked for the backend's own paths: each would cost a file lookup on its way to Nest.
  const shellFiles = express.static(shellDist, {
    index: false,
    setHeaders: (response: Response, path: string) => {
      cacheHeaders(response, path);
      if (path === join(shellDist, 'sw.js')) serviceWorkerHeaders(response, config);
    },
  });
  app.use((request: Request, response: Response, next: NextFunction) =>
    BACKEND_PATHS.test(request.path) ? next() : shellFiles(request, response, next),
  );
  const indexHtml = readFileSync(indexFile);
  // The admin's page (own title, noindex, its remote's files hinted), made on the first request rather
  // than at start, which loading the server builds would slow.
  let adminHtml: string | undefined;
  app.use((request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || BACKEND_PATHS.test(request.path))
      return next();
    if (pages?.enabled) {
      // Any other path under /admin is the 404 page too, drawn in the browser like the admin's
      // pages, so it is in the language the admin chose (the server does not know it).
      if (ADMIN_AREA.test(request.path)) {
        markRoute(request, '/admin/*');
        adminHtml ??= withHints(pages.adminPage() ?? indexHtml.toString(), adminRemoteHints(config));
        const found = ADMIN_ROUTES.test(request.path);
        const html = found ? withHints(adminHtml, adminSessionHints(request)) : adminHtml;
        return sendHtml(request, response, found ? 200 : 404, html);
      }
      pages
        .answer(request.originalUrl, request)
        .then((answer) => {
          if (!answer) return next();
          if (answer.status === 301) return response.redirect(301, answer.location);
          sendDocument(request, response, answer.page, answer.status);
        })
        .catch((error: unknown) => {
          // A listing's filter over the API's limit: the API's own answer (400, its code and message).
          if (!(error instanceof ApiError)) return next(error);
          const body = new HttpExceptionFilter().toBody(error, request);
          response.status(body.statusCode).json(body);
        });
      return;
    }
    sendHtml(request, response, SHELL_ROUTES.test(request.path) ? 200 : 404, indexHtml);
  });
  served.push('shell');
  return { served };
}
