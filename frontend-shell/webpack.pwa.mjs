// The installable app's part of the shell's production build: a web app manifest per language
// with the icons (public/icons/, drawn by tools/make-app-icons.mjs), and the service worker
// (src/sw/sw.ts) compiled by Workbox's InjectManifest with the list of files it precaches: the
// shell's own scripts, styles and index.html, and the directory remote's files as its
// mf-manifest.json names them. One list per build, installed whole, so a visitor's browser holds
// one host and one remote version together and swaps both at once.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import { InjectManifest } from 'workbox-webpack-plugin';

const LANGUAGES = { es: '/', en: '/en/' };
/** The top bar's colour (the browser's title bar) and the page's background while it opens. */
const THEME_COLOR = '#1c1c1c';
const BACKGROUND_COLOR = '#f5f5f5';
/** webpack's content-hashed names (`name.<hash:10>.js`): the URL is its version. */
const HASHED = /\.[0-9a-f]{10}\.(js|css)$/;

/** The manifest of the app in `language`, its texts from the shell's translations. */
function webManifest(dir, language) {
  const { app } = JSON.parse(readFileSync(path.join(dir, `src/i18n/locales/${language}/shell.json`), 'utf8'));
  const start = LANGUAGES[language];
  return {
    id: start,
    name: app.name,
    short_name: app.shortName,
    description: app.description,
    lang: language === 'es' ? 'es-MX' : 'en',
    start_url: start,
    scope: start,
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/**
 * Emits the manifests (`/manifest.webmanifest`, `/en/manifest.webmanifest`), the icons and the
 * pages' small script (`/pwa.js`, from public/).
 */
function appFiles(dir) {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('AppFiles', (compilation) => {
        compilation.hooks.processAssets.tap(
          { name: 'AppFiles', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
          () => {
            for (const [language, start] of Object.entries(LANGUAGES)) {
              const json = JSON.stringify(webManifest(dir, language), null, 2);
              compilation.emitAsset(
                `${start.slice(1)}manifest.webmanifest`,
                new webpack.sources.RawSource(json),
              );
            }
            const script = path.join(dir, 'public/pwa.js');
            compilation.fileDependencies.add(script);
            compilation.emitAsset('pwa.js', new webpack.sources.RawSource(readFileSync(script, 'utf8')));
            const icons = path.join(dir, 'public/icons');
            for (const file of readdirSync(icons)) {
              compilation.fileDependencies.add(path.join(icons, file));
              compilation.emitAsset(
                `icons/${file}`,
                new webpack.sources.RawSource(readFileSync(path.join(icons, file))),
              );
            }
          },
        );
      });
    },
  };
}

const revisionOf = (file) => createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);

/**
 * The directory remote's files to precache, read from its build's mf-manifest.json: what its
 * exposed module loads (now and on demand: the map, the forms), its copies of the shared
 * libraries (the federation runtime may pick the remote's copy where the shell has none, e.g.
 * react-redux) and the two names that point at that version, remoteEntry.js and the manifest
 * itself (revisioned by content). Nothing when the remote is not built here or is served from
 * another origin (the shell's service worker only caches its own origin).
 */
export function directoryRemoteEntries(dir) {
  // DIRECTORY_DIST: the directory's build elsewhere (an image that builds it apart, a test's deploy).
  const dist = process.env.DIRECTORY_DIST ?? path.join(dir, '..', 'frontend-directory', 'dist');
  const manifestFile = path.join(dist, 'mf-manifest.json');
  if (!existsSync(manifestFile)) return [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const base = manifest.metaData.publicPath;
  if (!base?.startsWith('/')) return [];
  const files = [...manifest.exposes, ...manifest.shared].flatMap(({ assets }) =>
    [assets.js, assets.css].flatMap(({ sync, async }) => [...sync, ...async]),
  );
  const entryName = manifest.metaData.remoteEntry.name;
  return [
    ...[...new Set(files)].map((file) => ({
      url: `${base}${file}`,
      revision: HASHED.test(file) ? null : revisionOf(path.join(dist, file)),
    })),
    { url: `${base}${entryName}`, revision: revisionOf(path.join(dist, entryName)) },
    { url: `${base}mf-manifest.json`, revision: revisionOf(manifestFile) },
  ];
}

/** The production build's app manifests and service worker (`/sw.js`). */
export function pwaPlugins(dir) {
  return [
    appFiles(dir),
    new InjectManifest({
      swSrc: path.join(dir, 'src/sw/sw.ts'),
      swDest: 'sw.js',
      // The shell's scripts, styles, its static page (the offline page for URLs never visited)
      // and pwa.js (which shows the offline banner).
      include: [/^js\/.*\.js$/, /^css\/.*\.css$/, /^index\.html$/, /^pwa\.js$/],
      dontCacheBustURLsMatching: HASHED,
      additionalManifestEntries: directoryRemoteEntries(dir),
    }),
  ];
}
