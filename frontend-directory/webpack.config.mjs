import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, createServerConfig } from 'frontend-common/webpack/createConfig.mjs';

// Served by the backend under /remotes/directory/ (its mf-manifest.json is what the shell's
// /runtime-config.js points at). DIRECTORY_PUBLIC_PATH overrides it, e.g. 'auto' or a CDN URL.
// The second build is the same components for Node (dist-ssr/directory.cjs): the backend renders
// the public pages with it (docs/architecture.md, "Server rendering").
const dir = path.dirname(fileURLToPath(import.meta.url));
const browser = (env, argv) =>
  createConfig({
    dir,
    name: 'directory',
    title: 'ATM Armeros (directory remote)',
    publicPath:
      process.env.DIRECTORY_PUBLIC_PATH ??
      (argv.mode === 'production' ? '/remotes/directory/' : 'http://localhost:3002/'),
    port: 3002,
    exposes: { './App': './src/DirectoryApp.tsx' },
  })(env, argv);
// `webpack serve` (npm run dev) builds only the browser part.
export default (env, argv) =>
  env.WEBPACK_SERVE
    ? browser(env, argv)
    : [
        browser(env, argv),
        createServerConfig({ dir, name: 'directory', entry: './src/server.tsx' })(env, argv),
      ];
