/** The Node that runs the backend (this one: the project's Node 24, tools/use-node.sh) and the dialects to run. */
import { existsSync } from 'node:fs';

export function resolveRuntime(opts) {
  if (!existsSync(new URL('../../backend/dist/main.js', import.meta.url))) {
    console.error('backend/dist/main.js is missing: run `npm run build -w backend` first.');
    process.exit(1);
  }
  const runtime = { nodeBin: process.execPath, preloads: [], version: process.version };
  const dialects = opts.dialect
    ? [opts.dialect]
    : ['sqlite', ...(process.env.TEST_MYSQL_URL ? ['mysql'] : [])];
  if (dialects.includes('mysql') && !process.env.TEST_MYSQL_URL) {
    console.error('--dialect=mysql needs TEST_MYSQL_URL, e.g. mysql://user:pass@127.0.0.1:3306/');
    process.exit(1);
  }
  return { runtime, dialects };
}
