import type { NextFunction, Request, Response } from 'express';
import { errorBody } from './api-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const hostOf = (url: string): string | null => URL.parse(url)?.host ?? null;

/**
 * Refuses state-changing requests sent by another site's page (CSRF): browsers send Origin,
 * Referer or Sec-Fetch-Site; a client sending none is not one. Hosts are compared, not origins:
 * a TLS-terminating gateway may hide the scheme.
 */
export function sameOriginOnly(allowedOrigins: string[]) {
  const allowedHosts = new Set(allowedOrigins.map((origin) => hostOf(origin)).filter(Boolean));
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method)) return next();
    const refuse = () => {
      res.status(403).json(errorBody(403, 'CROSS_SITE_REQUEST', 'Cross-site requests are not allowed'));
    };
    if (req.get('sec-fetch-site') === 'cross-site') return refuse();
    const claimed = req.get('origin') ?? req.get('referer');
    if (claimed === undefined) return next();
    const claimedHost = claimed === 'null' ? null : hostOf(claimed);
    if (claimedHost && (claimedHost === req.get('host') || allowedHosts.has(claimedHost))) return next();
    return refuse();
  };
}
