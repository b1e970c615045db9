// The webpack setup both frontends share; each frontend's webpack.config.mjs only says what
// differs (name, port, public path, what it exposes). Plain .mjs because Node 20 cannot load a
// TypeScript config without an extra loader.
import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import webpack from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';

const require = createRequire(import.meta.url);

/**
 * Production source maps are made without a sourceMappingURL comment (hidden-source-map) and
 * moved out of dist/ once written, to dist-sourcemaps/ beside it: nothing of the source is
 * served, and the maps are at hand to read a stack trace (docs/operations.md, "Source maps").
 */
function sourceMapsBesideDist(dir) {
  const target = path.join(dir, 'dist-sourcemaps');
  return {
    apply(compiler) {
      compiler.hooks.afterEmit.tap('SourceMapsBesideDist', (compilation) => {
        rmSync(target, { recursive: true, force: true });
        for (const { name } of compilation.getAssets().filter((asset) => asset.name.endsWith('.map'))) {
          mkdirSync(path.dirname(path.join(target, name)), { recursive: true });
          renameSync(path.join(compilation.outputOptions.path, name), path.join(target, name));
        }
      });
    },
  };
}
/**
 * Production scripts minified by SWC, not webpack's default Terser: Terser took two thirds of
 * each production build (admin: 29 s of CPU, 11 s without minifying; with SWC 15 s), and SWC's
 * output is a little smaller (admin's scripts: 556 KB gzipped against Terser's 562 KB; the
 * budget is the bundle report's, bench/lib/web-bundles.mjs). The same two compress passes as
 * webpack's default.
 */
const swcMinimizer = () =>
  new MinimizerPlugin({
    minify: { implementation: MinimizerPlugin.swcMinify, options: { compress: { passes: 2 }, mangle: true } },
  });
/**
 * Production style sheets minified by Lightning CSS (whitespace, comments, shorter values). No
 * `targets`, so no rule is rewritten for older browsers.
 */
const cssMinimizer = () =>
  new MinimizerPlugin({
    test: /\.css(\?.*)?$/i,
    minify: { implementation: MinimizerPlugin.lightningCssMinify },
  });
const commonDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BACKEND_URL = process.env.ATM_BACKEND_URL ?? 'http://localhost:3000';

/** Libraries that must exist once per page (two Reacts, routers, stores or i18n instances break hooks and context). */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  // antd renders through react-dom/client; unshared, each remote would bundle a second React DOM.
  'react-dom/client',
  // The frontends' router API (src/router.ts, aliased below), shared under this name; its
  // react-router inside is bundled with it, tree-shaken, so react-router is not shared itself.
  'react-router-dom',
  'react-redux',
  '@reduxjs/toolkit',
  'i18next',
  'react-i18next',
];

/**
 * Shared-module config listed one by one, each a singleton that the frontend's own
 * package.json must declare, with that declaration's range as `requiredVersion` and
 * `strictVersion`: a remote deployed on its own but built against another major (React 18, a
 * router 8) fails to load, and the shell shows that remote's error boundary, instead of running
 * against the shell's copy and breaking later. Without `strictVersion` a singleton mismatch is
 * only a console warning. `SHARE_ANTD=1` adds antd (used to measure; see
 * frontend-shell/README.md for why it is off).
 */
export function sharedSingletons(packageJsonPath) {
  const { dependencies } = JSON.parse(readFileSync(packageJsonPath, 'utf8'));
  const requireFromFrontend = createRequire(packageJsonPath);
  const names = process.env.SHARE_ANTD === '1' ? [...SINGLETONS, 'antd'] : SINGLETONS;
  return Object.fromEntries(
    names.map((name) => {
      // 'react-dom/client' is versioned by its package, 'react-dom'.
      const pkg = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
      if (!dependencies[pkg]) throw new Error(`${packageJsonPath} must depend on shared module ${pkg}`);
      const config = { singleton: true, requiredVersion: dependencies[pkg], strictVersion: true };
      // The router facade resolves to frontend-common/src/router.ts, so webpack would version it
      // by frontend-common's package.json (0.1.0); it is the installed react-router-dom's API.
      if (name === 'react-router-dom') config.version = requireFromFrontend(`${pkg}/package.json`).version;
      return [name, config];
    }),
  );
}

const ROUTER_FACADE = path.join(commonDir, 'src', 'router.ts');

/**
 * antd's icons, ours and those antd draws inside its own widgets, are hidden from assistive
 * technology unless named (src/icons/decorative.tsx says why): each icon module of
 * @ant-design/icons imports its drawing component as `../components/AntdIconLight` (or
 * `AntdIcon`, two-tone), and that request is answered by frontend-common's wrapper, which imports
 * the original by its package path. The Jest preset maps the same request.
 */
export const ICON_COMPONENTS = /^\.\.\/components\/(AntdIconLight|AntdIcon)$/;
const decorativeIcons = () =>
  new webpack.NormalModuleReplacementPlugin(ICON_COMPONENTS, (resource) => {
    if (!/[\\/]@ant-design[\\/]icons[\\/]/.test(resource.context)) return;
    const [, component] = ICON_COMPONENTS.exec(resource.request);
    resource.request = path.join(commonDir, 'src', 'icons', `${component}.tsx`);
  });

function reactRouterProductionAliases() {
  const development = path.dirname(require.resolve('react-router'));
  const production = path.join(development, '..', 'production');
  return {
    'react-router$': path.join(production, 'index.mjs'),
    'react-router/dom$': path.join(production, 'dom-export.mjs'),
  };
}

/**
 * @param {object} options
 * @param {string} options.dir the frontend's folder
 * @param {string} options.name federation name
 * @param {string} options.publicPath where the built files are served
 * @param {number} options.port webpack-dev-server port
 * @param {Record<string,string>} [options.exposes]
 * @param {string} options.title html title
 * @param {(app: any) => void} [options.devMiddleware] extra dev-server routes
 * @param {Record<string,string | (() => string)>} [options.inline] template parameters read from files (paths
 *   relative to `dir`) and written into index.html as they are, e.g. the shell's stylesheet
 */
export function createConfig({ dir, name, publicPath, port, exposes, title, devMiddleware, inline = {} }) {
  // Getters: read on every compilation, so `npm run dev` picks up an edit on the next rebuild.
  const inlined = Object.defineProperties(
    {},
    Object.fromEntries(
      Object.entries(inline).map(([key, file]) => [
        key,
        {
          enumerable: true,
          // A file, or a function that makes the text (the shell's preamble, with its patterns).
          get: () =>
            typeof file === 'function' ? file() : readFileSync(path.join(dir, file), 'utf8').trim(),
        },
      ]),
    ),
  );
  return (_env, argv) => {
    const production = argv.mode === 'production';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath,
        filename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
        chunkFilename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        clean: true,
        // Distinct per frontend so two webpack runtimes on one page never share chunk callbacks.
        uniqueName: name,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // react-router 7 resolves to its development build under every export condition webpack
        // uses; point production at its production build (same API, no dev warnings, smaller).
        alias: {
          'react-router-dom$': ROUTER_FACADE,
          ...(production ? reactRouterProductionAliases() : {}),
        },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('babel-loader'),
              options: { configFile: path.join(commonDir, 'babel.config.cjs') },
            },
          },
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')] },
          { test: /\.(png|jpe?g|gif|webp|svg)$/i, type: 'asset/resource' },
        ],
      },
      plugins: [
        decorativeIcons(),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {}, // the shell registers remotes at runtime from /runtime-config.js
          shared: sharedSingletons(path.join(dir, 'package.json')),
          manifest: true,
          dts: false,
          // A smaller federation runtime to download and evaluate on a phone: no Node code paths,
          // and in a remote (which loads no remotes of its own) no remote-loading or snapshot code.
          experiments: {
            optimization: exposes
              ? { target: 'web', disableRemote: true, disableSnapshot: true }
              : { target: 'web' },
          },
        }),
        new MiniCssExtractPlugin({
          filename: production ? 'css/[name].[contenthash:10].css' : 'css/[name].css',
          chunkFilename: production ? 'css/[name].[contenthash:10].css' : 'css/[name].css',
        }),
        new HtmlWebpackPlugin({
          template: path.join(dir, 'public/index.html'),
          title,
          chunks: ['main'],
          templateParameters: inlined,
          // html-webpack-plugin's production defaults, plus minified inline CSS.
          minify: production && {
            collapseWhitespace: true,
            keepClosingSlash: true,
            removeComments: true,
            removeRedundantAttributes: true,
            removeScriptTypeAttributes: true,
            removeStyleLinkTypeAttributes: true,
            useShortDoctype: true,
            minifyCSS: true,
            // The shell's inline preamble: SWC minifies script files only. (Its hash is in the CSP.)
            minifyJS: true,
          },
        }),
        ...(production ? [sourceMapsBesideDist(dir)] : []),
      ],
      optimization: {
        splitChunks: { chunks: 'async' },
        // Scripts by SWC, style sheets by Lightning CSS; webpack's own minimizer ('...') keeps
        // the rest (index.html).
        minimizeOptions: { javascript: false },
        minimizer: [swcMinimizer(), cssMinimizer(), '...'],
      },
      performance: { hints: false }, // the budget is measured by bench/lib/web-bundles.mjs instead
      devServer: {
        port,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api', '/objects'], target: BACKEND_URL, changeOrigin: false }],
        setupMiddlewares: (middlewares, server) => {
          devMiddleware?.(server.app);
          return middlewares;
        },
      },
    };
  };
}

/**
 * Packages a server build leaves to Node's `require`: every bundle that renders on the server
 * must use the same React, router, Redux and i18next (one i18next instance, one router context),
 * as the browser shares them between shell and remotes (SINGLETONS). `react-router-dom` is the
 * router facade (src/router.ts), bundled, over the shared `react-router`.
 */
const SERVER_EXTERNALS =
  /^(react|react-dom|react-router|react-redux|react-i18next|i18next|@reduxjs\/toolkit|immer|reselect)(\/.*)?$/;

/**
 * A frontend's server build: `entry` bundled for Node as CommonJS into `dist-ssr/<name>.cjs`,
 * which the backend requires to render public pages (docs/architecture.md, "Server rendering"). No Module
 * Federation, styles or assets: the browser gets those from the client build; the server only
 * needs the components, the same source files.
 *
 * @param {object} options
 * @param {string} options.dir the frontend's folder
 * @param {string} options.name output name
 * @param {string} options.entry entry file relative to `dir`
 */
export function createServerConfig({ dir, name, entry }) {
  return (_env, argv) => ({
    name: `${name}-server`,
    mode: argv.mode === 'production' ? 'production' : 'development',
    context: dir,
    target: 'node20',
    entry: { [name]: entry },
    devtool: false,
    output: {
      path: path.join(dir, 'dist-ssr'),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    externalsPresets: { node: true },
    externals: [
      ({ request }, callback) =>
        SERVER_EXTERNALS.test(request) ? callback(null, `commonjs ${request}`) : callback(),
    ],
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: { 'react-router-dom$': ROUTER_FACADE },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: require.resolve('babel-loader'),
            options: { configFile: path.join(commonDir, 'babel.config.cjs') },
          },
        },
        // Styles reach the browser from the client build; on the server an import is nothing.
        { test: /\.css$/, type: 'asset/source' },
        { test: /\.(png|jpe?g|gif|webp|svg)$/i, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [decorativeIcons()],
    // Readable stack traces in server logs; the code never reaches a browser.
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
  });
}
