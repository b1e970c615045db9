import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { PublicPage } from 'contract';

export type { PublicPage };
export type Language = PublicPage['language'];

/** What frontend-shell/src/server.tsx exports (its Node build, dist-ssr/shell.cjs). */
export interface ShellServer {
  parsePublicPath(pathname: string): PublicPage | null;
  shopPath(language: Language, slug: string): string;
  renderPage(input: {
    url: string;
    directory: unknown;
    snapshot: unknown;
    publicUrl: string;
    notFound?: boolean;
    imageSize?: (src: string) => { width: number; height: number } | undefined;
  }): {
    language: Language;
    title: string;
    headTags: string;
    body: string;
    dataElement: string;
  };
  adminHead(): { title: string; headTags: string };
}

/** What frontend-directory/src/server.tsx exports (its Node build, dist-ssr/directory.cjs). */
export interface DirectoryServer {
  ServerDirectoryApp: unknown;
  listingSnapshot(
    catalog: { shops: readonly unknown[]; categories: string[]; cities: string[]; states: string[] },
    params: URLSearchParams,
  ): object;
  /** A listing URL in the distance order or on the map: the browser draws it, at load. */
  drawnInBrowser(params: URLSearchParams): boolean;
}

/** The built pieces a server render needs, read once at start-up. */
export interface ServerBundles {
  shell: ShellServer;
  directory: DirectoryServer;
  /** The shell's built index.html: the page every render fills in. */
  template: string;
  /** Stylesheets of the directory's exposed App (from its mf-manifest.json), as absolute paths. */
  directoryStyles: string[];
}

/** The parts of a frontend's built mf-manifest.json read here. */
interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { name: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
  shared?: { name: string; assets?: { js?: { sync?: string[] } } }[];
}

/** A frontend's built mf-manifest.json, or null; callers spell the path out (the image test reads it). */
export function readManifest(file: string): Manifest | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
}

/** The directory's stylesheets, so a rendered listing is styled at first paint (the MF runtime adds no second link). */
function directoryStyles(root: string): string[] {
  const manifest = readManifest(join(root, 'frontend-directory', 'dist', 'mf-manifest.json'));
  if (!manifest) return [];
  const base = manifest.metaData?.publicPath ?? '/remotes/directory/';
  const app = manifest.exposes?.find((expose) => expose.name === 'App');
  return (app?.assets?.css?.sync ?? []).map((css) => `${base}${css}`);
}

/**
 * The shell's and directory's server builds, or null when not built (pages render in the browser):
 * CommonJS bundles leaving React to Node's require, so they share one copy.
 */
export function loadServerBundles(root: string): ServerBundles | null {
  const files = {
    shell: join(root, 'frontend-shell', 'dist-ssr', 'shell.cjs'),
    directory: join(root, 'frontend-directory', 'dist-ssr', 'directory.cjs'),
    template: join(root, 'frontend-shell', 'dist', 'index.html'),
  };
  if (!Object.values(files).every((file) => existsSync(file))) return null;
  const require = createRequire(import.meta.url);
  return {
    shell: require(files.shell) as ShellServer,
    directory: require(files.directory) as DirectoryServer,
    template: readFileSync(files.template, 'utf8'),
    directoryStyles: directoryStyles(root),
  };
}
