import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from 'frontend-common/webpack/createConfig.mjs';

// Served under /remotes/admin/ in production (the shell's /runtime-config.js points at its
// mf-manifest.json). ADMIN_PUBLIC_PATH overrides it, e.g. 'auto' or a CDN URL.
const dir = path.dirname(fileURLToPath(import.meta.url));
export default (env, argv) =>
  createConfig({
    dir,
    name: 'admin',
    title: 'ATM Admin (admin remote)',
    publicPath:
      process.env.ADMIN_PUBLIC_PATH ??
      (argv.mode === 'production' ? '/remotes/admin/' : 'http://localhost:3003/'),
    port: 3003,
    exposes: { './App': './src/AdminApp.tsx' },
  })(env, argv);
