import { fileURLToPath } from 'node:url';

/**
 * The backend's folder (backend/), found from where this code runs: this file in src/ (the tests)
 * or in dist/ (the per-file build: workers, CLIs), or dist/main.bundle.js (the start-up bundle
 * that holds it, backend/webpack.config.mjs).
 */
export function backendDir(): string {
  const here = fileURLToPath(import.meta.url);
  const dir = here.replace(/\/(src|dist)\/(config\/backend-dir\.(ts|js)|main\.bundle\.js)$/, '');
  if (dir === here) throw new Error(`${here}: not in the backend's src/ or dist/`);
  return dir;
}
