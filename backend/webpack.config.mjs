/**
 * The backend's start-up bundle: `nest build` (tsc, with the Swagger plugin) compiles every file to
 * dist/, then this bundles dist/main.js and everything it imports into dist/main.bundle.js, so a
 * start reads one file instead of about 3,000 (module loading was most of the start), and replaces
 * dist/main.js with a launcher of that bundle. Worker threads, the CLIs and the migrations stay the
 * per-file build next to it.
 */
import { readFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('./dist/', import.meta.url));

/**
 * Left to Node at run time: native modules, packages that start threads or read their own files by
 * path, and what is not installed (the optional packages Nest, TypeORM and others try and skip).
 */
const RUNTIME_PACKAGES = [
  'better-sqlite3',
  'argon2',
  'piscina',
  'pino',
  'pino-pretty',
  'thread-stream',
  'swagger-ui-dist',
  '@napi-rs/nice',
  // Reads its fonts' metrics from its own folder; only the certificate's worker (per-file build) uses it.
  'pdfkit',
];

/**
 * dist/main.js, production's entry: V8's compiled code of the bundle is kept between starts (Node's
 * compile cache, in the system's temporary folder unless NODE_COMPILE_CACHE names one; a new build
 * is compiled afresh), then the bundle runs. Compiling the bundle was a fifth of a start.
 */
const LAUNCHER = `import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./main.bundle.js');
`;

class EmitLauncher {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(EmitLauncher.name, (compilation) =>
      compilation.hooks.processAssets.tap(
        { name: EmitLauncher.name, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => compilation.emitAsset('main.js', new sources.RawSource(LAUNCHER)),
      ),
    );
  }
}

const packageName = (request) =>
  request
    .split('/')
    .slice(0, request.startsWith('@') ? 2 : 1)
    .join('/');

function installed(request, context) {
  try {
    createRequire(`${context}/`).resolve(request);
    return true;
  } catch {
    return false;
  }
}

// Bundling the launcher would bundle the bundle: the per-file build comes first.
if (readFileSync(`${dist}main.js`, 'utf8') === LAUNCHER)
  throw new Error('backend/dist/main.js is already the launcher: run `npm run build -w backend`');

export default {
  mode: 'none',
  target: 'node24',
  context: dist,
  entry: { 'main.bundle': './main.js' },
  output: { path: dist, filename: '[name].js', module: true, chunkFormat: 'module', clean: false },
  experiments: { outputModule: true },
  devtool: false,
  optimization: { minimize: false, concatenateModules: true },
  module: {
    // The backend's own import.meta.url and createRequire stay as written, run from the bundle (its
    // paths are found from there: config/backend-dir.ts; server-bundles.ts requires the frontends'
    // builds at run time); packages' createRequire(import.meta.url) is read, so what they require
    // is bundled, once.
    parser: { javascript: { importMeta: false, url: false, createRequire: false } },
    rules: [
      { test: /[\\/]node_modules[\\/].*\.[cm]?js$/, parser: { importMeta: true, createRequire: true } },
    ],
  },
  externalsType: 'node-commonjs',
  externals: [
    ({ request, context }, callback) => {
      // Required, not imported: Node builds an ES module's view of a built-in by reading all its
      // exports, and node:http's include getters that load undici, which nothing here uses.
      if (request && isBuiltin(request)) return callback(null, request, 'node-commonjs');
      if (!request || request.startsWith('.') || request.startsWith('/')) return callback();
      if (RUNTIME_PACKAGES.includes(packageName(request)) || !installed(request, context))
        return callback(null, request);
      callback();
    },
  ],
  plugins: [new EmitLauncher()],
  // Known and harmless: packages' require(name) of optional packages (they catch the failure, as
  // they do when the package is missing).
  ignoreWarnings: [{ module: /node_modules/, message: /Critical dependency|arguments\.callee/ }],
  performance: { hints: false },
  stats: 'errors-warnings',
};
