/**
 * The bundle report: every JavaScript and CSS file that `/` and `/admin` load, with its gzip
 * size (the decoded bytes gzipped at level 6, the backend's compression level) and the bytes
 * actually transferred. Budget: JavaScript (gzip) executed on `/` before the directory is
 * interactive (the first card shows and the search box accepts typing) ≤ 300 KB.
 * Files fetched by <link rel=prefetch> at idle time are listed but not counted.
 */
import { gzipSync } from 'node:zlib';
import { makeLive, mobilePage } from './web-browser.mjs';

export const JS_BUDGET_KB = 300;

async function filesOf(browser, base, path, ready) {
  const { context, page } = await mobilePage(browser);
  const files = [];
  let interactive = false;
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!/\.(js|css)$/.test(url.pathname) || response.status() !== 200) return;
    const entry = { path: url.pathname, afterInteractive: interactive, pending: true };
    files.push(entry);
    try {
      let body = await response.body();
      // Chromium keeps no body for <link rel=prefetch> responses: fetch the same URL again to size it.
      if (body.length === 0) body = await (await context.request.get(response.url())).body();
      const sizes = await response.request().sizes();
      Object.assign(entry, {
        kind: url.pathname.endsWith('.css') ? 'css' : 'js',
        prefetch: !['script', 'stylesheet'].includes(response.request().resourceType()),
        raw: body.length,
        gzip: gzipSync(body, { level: 6 }).length,
        wire: sizes.responseBodySize,
        encoding: (await response.allHeaders())['content-encoding'] ?? 'identity',
        pending: false,
      });
    } catch {
      /* the page navigated away; never happens on these two pages */
    }
  });
  try {
    await page.goto(base + path);
    await ready(page);
    interactive = true;
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    return files.filter((f) => !f.pending);
  } finally {
    await context.close();
  }
}

/** Resolves { pages: [{ path, files, jsBeforeInteractiveKB }], rows } for the figures table. */
export async function bundleReport(browser, base) {
  const pages = [];
  pages.push({
    path: '/',
    // The server's HTML has the cards and the search box before any script: interactive here
    // means live, once the first pointer move has started the scripts and the directory hydrated.
    files: await filesOf(browser, base, '/', async (page) => {
      await page.getByRole('listitem').first().waitFor({ timeout: 60_000 });
      await makeLive(page, 60_000);
    }),
  });
  pages.push({
    path: '/admin',
    files: await filesOf(browser, base, '/admin', (page) =>
      page.locator('input[type=password]').first().waitFor({ timeout: 60_000 }),
    ),
  });
  const kb = (b) => b / 1024;
  for (const p of pages) {
    const counted = p.files.filter((f) => f.kind === 'js' && !f.prefetch && !f.afterInteractive);
    p.jsBeforeInteractiveKB = kb(counted.reduce((s, f) => s + f.gzip, 0));
    p.jsFilesBeforeInteractive = counted.length;
    p.cssKB = kb(p.files.filter((f) => f.kind === 'css').reduce((s, f) => s + f.gzip, 0));
    p.adminRemoteLoaded = p.files.some((f) => f.path.startsWith('/remotes/admin/'));
  }
  const home = pages[0];
  const admin = pages[1];
  const rows = [
    {
      name: 'JS before the directory is interactive on / (gzip)',
      value: home.jsBeforeInteractiveKB,
      unit: `KB, ${home.jsFilesBeforeInteractive} files`,
      budget: `≤ ${JS_BUDGET_KB} KB`,
      holds: home.jsBeforeInteractiveKB <= JS_BUDGET_KB,
    },
    { name: 'CSS on / (gzip)', value: home.cssKB, unit: 'KB' },
    {
      name: 'admin remote requested on /',
      value: home.adminRemoteLoaded ? 'yes' : 'no',
      budget: 'no',
      holds: !home.adminRemoteLoaded,
    },
    {
      name: 'JS on /admin (gzip, all)',
      value: kb(admin.files.filter((f) => f.kind === 'js').reduce((s, f) => s + f.gzip, 0)),
      unit: 'KB',
    },
  ];
  return { pages, rows };
}

/** The per-file lines printed under the figures and written to RESULTS.md. */
export function fileLines(pages) {
  const out = [];
  for (const p of pages) {
    out.push(`Files loaded by ${p.path} (gzip level 6 / on the wire with the server's encoding):`);
    for (const f of [...p.files].sort(
      (a, b) => Number(a.afterInteractive) - Number(b.afterInteractive) || b.gzip - a.gzip,
    )) {
      const note = f.prefetch ? ' (prefetch, idle time)' : f.afterInteractive ? ' (after interactive)' : '';
      out.push(
        `  ${(f.gzip / 1024).toFixed(1).padStart(7)} KB gzip  ${(f.wire / 1024).toFixed(1).padStart(7)} KB ${f.encoding.padEnd(8)} ${f.path}${note}`,
      );
    }
  }
  return out;
}
