import { fileURLToPath } from 'node:url';

/** The backend's folder, from where this runs: src/ (tests), dist/ (workers, CLIs) or dist/main.bundle.js. */
export function backendDir(): string {
  const here = fileURLToPath(import.meta.url);
  const dir = here.replace(/\/(src|dist)\/(config\/backend-dir\.(ts|js)|main\.bundle\.js)$/, '');
  if (dir === here) throw new Error(`${here}: not in the backend's src/ or dist/`);
  return dir;
}
