import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ANY_DIALECT, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

const ROOT = join(import.meta.dirname, '..', '..');
const NEEDED = ['frontend-shell/dist-ssr/shell.cjs', 'frontend-directory/dist-ssr/directory.cjs'];
/** The Nu Html Checker (the W3C validator's engine) as the vnu-jar package ships it. */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Java, which the checker runs on; a clear failure, never a skip, when the machine has none. */
function requireJava(): void {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      'The Nu Html Checker (vnu.jar) needs a Java runtime on PATH: apt-get install default-jre-headless',
    );
  }
}

/**
 * Runs the checker once over every file; its JSON report comes on stderr, and (with --verbose)
 * the name of each file it checked on stdout, so a file it passed over cannot count as valid.
 */
function checkHtml(files: string[]): Promise<{ checked: string[]; messages: VnuMessage[] }> {
  return new Promise((resolve, reject) => {
    execFile(
      'java',
      ['-Xss4m', '-jar', VNU_JAR, '--format', 'json', '--verbose', ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (_error, stdout, stderr) => {
        // Exit status 1 means "errors found": the report says which, so it is read either way.
        try {
          const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
          resolve({ checked: stdout.split('\n').filter(Boolean), messages });
        } catch {
          reject(new Error(`vnu.jar gave no JSON report: ${stderr.slice(0, 2000)}`));
        }
      },
    );
  });
}

/**
 * Every kind of page the server renders is valid HTML by the Nu Html Checker: no error (a
 * warning is advice, an error is a broken rule of the HTML standard).
 */
describe.each(ANY_DIALECT)('server-rendered pages are valid HTML on %s', (dialect) => {
  let server: Started;
  let folder: string;

  beforeAll(async () => {
    requireJava();
    const missing = NEEDED.filter((file) => !existsSync(join(ROOT, file)));
    if (missing.length) throw new Error(`not built: ${missing.join(', ')} (run npm run build first)`);
    server = await startAppOnFreshDatabase(dialect, { SEED_DEMO_DATA: 'true' });
    folder = mkdtempSync(join(tmpdir(), 'atm-vnu-'));
  });
  afterAll(async () => {
    await server?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('has 0 errors on every kind of page: listings, shop pages, list my shop, the map, the 404s and the admin shell', async () => {
    const shops = (await request(server.url).get('/api/shops').expect(200)).body as { slug: string }[];
    const pages: [string, number][] = [
      ['/', 200],
      ['/en/', 200],
      [`/shops/${shops[0].slug}`, 200],
      [`/en/shops/${shops[1].slug}`, 200],
      ['/shops?state=Jalisco&q=armer%C3%ADa&page=1', 200],
      ['/en/?page=2', 200],
      ['/?view=map', 200],
      ['/list-my-shop', 200],
      ['/en/list-my-shop', 200],
      ['/en/shops', 200],
      ['/no/such/page', 404],
      ['/en/shops/no-such-shop', 404],
      ['/admin', 200],
    ];
    const files = await Promise.all(
      pages.map(async ([path, status], i) => {
        const html = (await request(server.url).get(path).expect(status)).text;
        const file = join(folder, `${i}-${path.replace(/[^a-z0-9]+/gi, '_')}.html`);
        writeFileSync(file, html);
        return file;
      }),
    );
    const { checked, messages } = await checkHtml(files);
    expect(checked.sort()).toEqual([...files].sort());
    const errors = messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      .map(
        (message) =>
          `${pages[files.findIndex((file) => message.url?.endsWith(file))]?.[0] ?? message.url}` +
          ` line ${message.lastLine}: ${message.message} [${message.extract?.slice(0, 160) ?? ''}]`,
      );
    expect(errors).toEqual([]);
  });
});
