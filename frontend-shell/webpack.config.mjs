import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import * as contract from 'contract';
import { createConfig, createServerConfig } from 'frontend-common/webpack/createConfig.mjs';
import { pwaPlugins } from './webpack.pwa.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

// `npm run dev`: the shell (3001) reads remotes from the directory dev server (3002) and an admin
// dev server (3003, once it exists). In production the backend serves /runtime-config.js.
const devRuntimeConfig = {
  remotes: {
    directory: process.env.DIRECTORY_MANIFEST_URL ?? 'http://localhost:3002/mf-manifest.json',
    admin: process.env.ADMIN_MANIFEST_URL ?? 'http://localhost:3003/mf-manifest.json',
  },
};

/** The preamble with the public pages' patterns written in (its __NAME__ is contract's NAME). */
function preamble() {
  return readFileSync(path.join(dir, 'public/preamble.js'), 'utf8')
    .replace(/__([A-Z_]+)__/g, (_, name) => {
      if (typeof contract[name] !== 'string') throw new Error(`preamble.js: contract has no ${name}`);
      return JSON.stringify(contract[name]);
    })
    .trim();
}

const page = createConfig({
  dir,
  name: 'shell',
  title: 'ATM Armeros · Directorio de armeros certificados',
  publicPath: '/',
  port: 3001,
  // index.html paints the page frame before any JavaScript: its stylesheet and the preamble
  // (remembered language, which page) are inline rather than files to wait for.
  inline: { inlineCss: 'src/styles.css', preambleJs: preamble },
  devMiddleware: (app) =>
    app.get('/runtime-config.js', (_req, res) => {
      res
        .type('application/javascript')
        .send(`window.__ATM_RUNTIME__ = ${JSON.stringify(devRuntimeConfig)};\n`);
    }),
});

/** The page's build; in production with the app manifests and the service worker (webpack.pwa.mjs). */
function browser(env, argv) {
  const config = page(env, argv);
  if (argv.mode === 'production') config.plugins.push(...pwaPlugins(dir));
  return config;
}

// The browser build, and the shell's server render for Node (dist-ssr/shell.cjs; docs/architecture.md,
// "Server rendering").
// `webpack serve` (npm run dev) builds only the browser part.
export default (env, argv) =>
  env.WEBPACK_SERVE
    ? browser(env, argv)
    : [browser(env, argv), createServerConfig({ dir, name: 'shell', entry: './src/server.tsx' })(env, argv)];
