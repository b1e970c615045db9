import { existsSync } from 'node:fs';
import { backendDir } from '../config/backend-dir.js';

/** A worker's compiled entry (`seo/sitemap.worker.js`), also run from the sources: workers load JS only. */
export function workerFile(path: string): string {
  const file = `${backendDir()}/dist/${path}`;
  if (!existsSync(file)) throw new Error(`${file} is missing: build the backend (npm run build -w backend)`);
  return file;
}
