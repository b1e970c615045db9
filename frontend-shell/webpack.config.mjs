import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from 'frontend-common/webpack/createConfig.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

// `npm run dev`: the shell (3001) reads remotes from the directory dev server (3002) and an admin
// dev server (3003, once it exists). In production the backend serves /runtime-config.js.
const devRuntimeConfig = {
  remotes: {
    directory: process.env.DIRECTORY_MANIFEST_URL ?? 'http://localhost:3002/mf-manifest.json',
    admin: process.env.ADMIN_MANIFEST_URL ?? 'http://localhost:3003/mf-manifest.json',
  },
};

export default createConfig({
  dir,
  name: 'shell',
  title: 'ATM Armeros · Directorio de armeros certificados',
  publicPath: '/',
  port: 3001,
  // index.html paints the page frame before any JavaScript: its stylesheet and the preamble
  // (remembered language, which page) are inline rather than files to wait for.
  inline: { inlineCss: 'src/styles.css', preambleJs: 'public/preamble.js' },
  devMiddleware: (app) =>
    app.get('/runtime-config.js', (_req, res) => {
      res
        .type('application/javascript')
        .send(`window.__ATM_RUNTIME__ = ${JSON.stringify(devRuntimeConfig)};\n`);
    }),
});
