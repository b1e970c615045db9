import { join } from 'node:path';
import type { Request } from 'express';
import { ADMIN_SHOP_LIST_DEFAULTS } from 'contract';
import type { FrontendsConfig } from '../config/frontends.config.js';
import { readManifest } from '../pages/server-bundles.js';

/** Paths of our own making only (manifest entries, configured URLs): nothing to escape but quotes. */
const link = (href: string, as: string, crossorigin?: string) =>
  `<link rel="preload" href="${href.replace(/"/g, '%22')}" as="${as}"${crossorigin === undefined ? '' : ` crossorigin="${crossorigin}"`}>`;

/**
 * At the shell's own deferred script's priority: at the default (high) one, Chromium holds the shell's
 * script back until they arrive, and the shell is what starts everything else.
 */
const lowLink = (href: string, as: string) => link(href, as).replace(/>$/, ' fetchpriority="low">');

/**
 * What the admin remote will load, hinted so the browser fetches it with the shell, not step by step
 * (manifest, entry, chunks). The manifest comes by fetch() (CORS, same-origin credentials), the rest
 * by plain <script> and <link>. A remote served elsewhere gets its manifest hinted alone.
 */
export function adminRemoteHints(config: FrontendsConfig): string {
  const manifestUrl = config.remotes.admin;
  const hints = [link(manifestUrl, 'fetch', '')];
  const admin = readManifest(join(config.root, 'frontend-admin', 'dist', 'mf-manifest.json'));
  const base = admin?.metaData?.publicPath;
  if (!admin || !base || manifestUrl !== `${base}mf-manifest.json`) return hints.join('');
  const entry = admin.metaData?.remoteEntry;
  if (entry?.name) hints.push(lowLink(`${base}${entry.path ?? ''}${entry.name}`, 'script'));
  const app = admin.exposes?.find((expose) => expose.name === 'App');
  // Shared libraries the shell provides come from the shell; the others from the remote.
  const shell = readManifest(join(config.root, 'frontend-shell', 'dist', 'mf-manifest.json'));
  const fromShell = new Set((shell?.shared ?? []).map((shared) => shared.name));
  const sharedScripts = (admin.shared ?? [])
    .filter((shared) => !fromShell.has(shared.name))
    .flatMap((shared) => shared.assets?.js?.sync ?? []);
  for (const file of new Set([...sharedScripts, ...(app?.assets?.js?.sync ?? [])]))
    hints.push(lowLink(`${base}${file}`, 'script'));
  for (const file of app?.assets?.css?.sync ?? []) hints.push(lowLink(`${base}${file}`, 'style'));
  return hints.join('');
}

/** The dashboard's first page of shops, as the admin's API client writes its URL. */
const FIRST_SHOPS = `/api/admin/shops?${new URLSearchParams(
  Object.entries(ADMIN_SHOP_LIST_DEFAULTS).map(([key, value]): [string, string] => [key, String(value)]),
).toString()}`;

/**
 * A signed-in administrator's first answers (the session; on the dashboard, shops and counts), in the
 * admin's fetches' credentials mode (`include`) so the browser hands them over. None without a session
 * (they would be 401s) or before a required second factor is set up.
 */
export function adminSessionHints(request: Request): string {
  if (!request.isAuthenticated?.() || request.session?.enrolmentRequired) return '';
  const urls = ['/api/auth/me'];
  if (/^\/admin\/?$/.test(request.path) && Object.keys(request.query).length === 0)
    urls.push(FIRST_SHOPS, '/api/admin/backup/stats', '/api/admin/requests/pending-count');
  return urls.map((url) => link(url, 'fetch', 'use-credentials')).join('');
}

/** The admin's page with hints inserted at the end of its head. */
export function withHints(html: string, hints: string): string {
  const head = html.indexOf('</head>');
  return head < 0 || !hints ? html : `${html.slice(0, head)}${hints}${html.slice(head)}`;
}
