import { resolve } from 'node:path';
import { backendDir } from './backend-dir.js';
import { ConfigError, type Env } from './env-values.js';

/** The built frontends this backend serves itself (the one-port setup of `npm start`). */
export type FrontendsConfig = ReturnType<typeof parseFrontends>;

/** Where the public map's tiles come from, and the credit their licence asks for. */
export interface MapTilesConfig {
  /** A URL template with {z}, {x} and {y} (Leaflet's syntax; {s} and {r} allowed). */
  tileUrl: string;
  /** Shown in the map's corner; may hold links (HTML), so it comes from the operator only. */
  attribution: string;
}

/** OpenStreetMap's standard tiles: fine for a small site (its usage policy: docs/architecture.md). */
export const DEFAULT_MAP_TILES: MapTilesConfig = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};

/** An http(s) URL or a path from the root, with nothing that could leave an attribute or a script. */
const URL_OR_PATH = /^(https?:\/\/[^\s"'<>]+|\/[^\s"'<>]*)$/;

export function parseMapTiles(env: Env): MapTilesConfig {
  const tileUrl = env.MAP_TILE_URL?.trim();
  const attribution = env.MAP_TILE_ATTRIBUTION?.trim();
  if (!tileUrl) {
    if (attribution) throw new ConfigError('MAP_TILE_ATTRIBUTION needs MAP_TILE_URL (the tiles it credits)');
    return DEFAULT_MAP_TILES;
  }
  if (!URL_OR_PATH.test(tileUrl) || !['{z}', '{x}', '{y}'].every((p) => tileUrl.includes(p))) {
    throw new ConfigError(
      `MAP_TILE_URL must be an http(s) URL or a path with {z}, {x} and {y}, e.g. https://tile.example.org/{z}/{x}/{y}.png; got "${tileUrl}"`,
    );
  }
  // Another provider's tiles need that provider's credit, not OpenStreetMap's by default.
  if (!attribution)
    throw new ConfigError("MAP_TILE_ATTRIBUTION is required with MAP_TILE_URL (the tile provider's credit)");
  return { tileUrl, attribution };
}

function manifestUrl(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim() || fallback;
  if (!URL_OR_PATH.test(value)) {
    throw new ConfigError(`${name} must be an http(s) URL or a path starting with /, got "${value}"`);
  }
  return value;
}

/** FRONTEND_ROOT and where the shell finds its remotes; unset means this checkout's own builds. */
export function parseFrontends(env: Env) {
  return {
    /** Folder holding frontend-shell/, frontend-directory/, frontend-admin/ (each with dist/). */
    root: resolve(env.FRONTEND_ROOT?.trim() || resolve(backendDir(), '..')),
    /** Where the shell finds each remote's mf-manifest.json (given to it by /runtime-config.js). */
    remotes: {
      directory: manifestUrl(env, 'REMOTE_DIRECTORY_URL', '/remotes/directory/mf-manifest.json'),
      admin: manifestUrl(env, 'REMOTE_ADMIN_URL', '/remotes/admin/mf-manifest.json'),
    },
    /** The directory's map tiles (given to the browser by /runtime-config.js). */
    map: parseMapTiles(env),
  };
}
