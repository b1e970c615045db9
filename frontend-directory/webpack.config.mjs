import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from 'frontend-common/webpack/createConfig.mjs';

// Served by the backend under /remotes/directory/ (its mf-manifest.json is what the shell's
// /runtime-config.js points at). DIRECTORY_PUBLIC_PATH overrides it, e.g. 'auto' or a CDN URL.
const dir = path.dirname(fileURLToPath(import.meta.url));
export default (env, argv) =>
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
