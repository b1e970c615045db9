#!/usr/bin/env node
// Starts the preview server, opens the built product in headless Chromium (Debian's
// /usr/bin/chromium, never a downloaded browser) and saves screenshots to ./screenshots/.
// Also prints the JS requested on '/' (gzip bytes on the wire) and any console errors.
// Usage: npm run build:frontends && npm run screenshots -w frontend-shell
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../../tools/chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(process.env.SCREENSHOT_DIR ?? path.join(here, '../screenshots'));
mkdirSync(outDir, { recursive: true });

const server = spawn(process.execPath, [path.join(here, 'preview-server.mjs'), '0'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => {
    const match = /listening (\S+)/.exec(String(chunk));
    if (match) resolve(match[1]);
  });
  server.on('exit', (code) => reject(new Error(`preview server exited ${code}`)));
});

const browser = await launchChromium();
const problems = [];

async function open(width, url, { lang } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  page.on('console', (msg) => msg.type() === 'error' && problems.push(`${url} @${width}: ${msg.text()}`));
  page.on('pageerror', (err) => problems.push(`${url} @${width}: ${err.message}`));
  const js = [];
  page.on('response', async (response) => {
    const u = response.url();
    if (u.endsWith('.js')) {
      // The preview server streams gzip without a length, so measure the same bytes here.
      const size = gzipSync(await response.body()).length;
      // <link rel=prefetch> downloads (idle time, not needed for the listing) are reported apart.
      const prefetch = response.request().resourceType() !== 'script';
      js.push({ url: u.replace(base, ''), size, prefetch });
    }
  });
  if (lang) await context.addInitScript((l) => localStorage.setItem('atm.language', l), lang);
  await page.goto(base + url, { waitUntil: 'networkidle' });
  return { context, page, js };
}

async function shot(page, name, fullPage = true) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage });
  console.log(`saved ${name}.png`);
}

try {
  for (const width of [375, 1280]) {
    const { context, page, js } = await open(width, '/');
    await page
      .getByRole('button', { name: /^Ver detalles de / })
      .first()
      .waitFor();
    if (width === 375) {
      const needed = js.filter((r) => !r.prefetch);
      const total = needed.reduce((sum, r) => sum + r.size, 0);
      console.log(
        `JS executed on / until the first card shows: ${needed.length} files, ${(total / 1024).toFixed(1)} KiB gzip`,
      );
      for (const r of js)
        console.log(
          `  ${(r.size / 1024).toFixed(1).padStart(7)} KiB  ${r.url}${r.prefetch ? '  (prefetch)' : ''}`,
        );
      if (js.some((r) => r.url.includes('/remotes/admin/'))) problems.push('admin remote requested on /');
    }
    await shot(page, `es-${width}`);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByText('Directory of certified specialized gunsmiths').waitFor();
    await shot(page, `en-${width}`);
    await page
      .getByRole('button', { name: /^View details of / })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await shot(page, `en-${width}-detail`, false);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').waitFor();
    await shot(page, `en-${width}-menu`, false);
    await context.close();
  }
  {
    const { context, page } = await open(375, '/?q=armeria&state=Nuevo%20Le%C3%B3n');
    await page
      .getByRole('button', { name: /^Ver detalles de / })
      .first()
      .waitFor();
    await shot(page, 'es-375-filtered');
    await context.close();
  }
  {
    const { context, page } = await open(375, '/?q=zzzz');
    await page.getByText('No se encontraron armeros').waitFor();
    await shot(page, 'es-375-empty');
    await context.close();
  }
  for (const [url, name, text] of [
    ['/nope', 'es-404', '404 Página no encontrada'],
    ['/admin/login', 'es-admin-missing', 'El área de administración no está disponible por ahora'],
  ]) {
    const { context, page } = await open(375, url);
    await page.getByText(text).waitFor();
    await shot(page, name);
    await context.close();
  }
  {
    const { context, page } = await open(1280, '/nope', { lang: 'en' });
    await page.getByText('404 Page Not Found').waitFor();
    await shot(page, 'en-404');
    await context.close();
  }
} catch (error) {
  console.log(
    `FAILED: ${error.message.split('\n')[0]}\nconsole problems so far:\n  ${problems.join('\n  ')}`,
  );
  process.exitCode = 1;
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
if (process.exitCode) process.exit(1);
const expected =
  /remotes\/admin\/mf-manifest\.json|Remote failed to load|RUNTIME-00|missing\.png|broken\.png|ERR_NAME_NOT_RESOLVED|404 \(Not Found\)/;
const unexpected = problems.filter((p) => !expected.test(p));
console.log(problems.length ? `console problems:\n  ${problems.join('\n  ')}` : 'no console problems');
process.exit(unexpected.length ? 1 : 0);
