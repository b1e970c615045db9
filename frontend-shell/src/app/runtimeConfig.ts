/**
 * Deployment settings read at run time from `window.__ATM_RUNTIME__`, which `/runtime-config.js`
 * (a classic script in index.html, loaded before the bundle) sets. The backend generates that
 * file in production; the dev server and the preview server provide one too. The same build can
 * thus move between hosts without a rebuild.
 */
export const REMOTE_NAMES = ['directory', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface RuntimeConfig {
  /** URL of each remote's mf-manifest.json. */
  remotes: Record<RemoteName, string>;
  /** The alliance's base domain for the sister-site links (see siteConfig.ts). */
  siteDomain?: string;
}

declare global {
  interface Window {
    __ATM_RUNTIME__?: { remotes?: Partial<Record<RemoteName, string>>; siteDomain?: string };
  }
}

export const DEFAULT_REMOTES: Record<RemoteName, string> = {
  directory: '/remotes/directory/mf-manifest.json',
  admin: '/remotes/admin/mf-manifest.json',
};

export function readRuntimeConfig(source: Window['__ATM_RUNTIME__'] = window.__ATM_RUNTIME__): RuntimeConfig {
  const remotes = { ...DEFAULT_REMOTES };
  for (const name of REMOTE_NAMES) {
    const url = source?.remotes?.[name];
    if (typeof url === 'string' && url.trim() !== '') remotes[name] = url.trim();
  }
  const siteDomain =
    typeof source?.siteDomain === 'string' && source.siteDomain.trim() ? source.siteDomain.trim() : undefined;
  return { remotes, siteDomain };
}
