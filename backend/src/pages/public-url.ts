import type { Request } from 'express';

/**
 * The origin of the absolute URLs in public pages (canonical, hreflang, OpenGraph, JSON-LD):
 * `PUBLIC_URL` when set, else the request's own origin (development). The one place that
 * decides it for pages.
 */
export function publicUrlOf(request: Request): string {
  const configured = process.env.PUBLIC_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  return `${request.protocol}://${request.get('host') ?? 'localhost'}`;
}
