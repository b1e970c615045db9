// The remotes are deployed on their own, so a remote built against another
// major of a shared singleton must not run against the shell's copy. Here the directory remote
// says it was built with React 18: the shell shows that remote's error boundary instead of the
// listing, the console says which module and which versions, and the rest of the site (the shell,
// the admin remote) keeps working.
//
// The incompatible remote is the real build with its declared versions rewritten: a copy of
// frontend-directory/dist whose mf-manifest.json and remoteEntry.js say react, react-dom and
// react/jsx-runtime 18.3.1, required ^18.3.1, which is what webpack writes for a remote whose
// package.json asks for React 18. The shell refuses it on the manifest
// (frontend-shell/src/app/sharedVersionGuard.ts); remoteEntry.js is rewritten too so that the
// copy stays one consistent build. The same copy is loaded first as built (the listing
// appears), so the rewrite is the only difference.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually, journeys, launchChromium } from './support/browser.mjs';
import { ADMIN } from './support/admin-texts.mjs';
import { ROOT, startProduct } from './support/servers.mjs';
import { TEXTS } from './support/texts.mjs';

const BUILT_WITH = '19.3.1';
const INCOMPATIBLE = '18.3.1';

const frontends = mkdtempSync(path.join(tmpdir(), 'atm-e2e-frontends-'));
const directoryDist = path.join(frontends, 'frontend-directory', 'dist');
symlinkSync(path.join(ROOT, 'frontend-shell'), path.join(frontends, 'frontend-shell'));
symlinkSync(path.join(ROOT, 'frontend-admin'), path.join(frontends, 'frontend-admin'));
mkdirSync(path.dirname(directoryDist));
cpSync(path.join(ROOT, 'frontend-directory', 'dist'), directoryDist, { recursive: true });

/** Rewrites the copy's React versions to INCOMPATIBLE; returns how many declarations changed. */
function declareReact18() {
  const entryFile = path.join(directoryDist, 'remoteEntry.js');
  let changed = 0;
  const entry = readFileSync(entryFile, 'utf8').replace(
    new RegExp(`"(\\^?)${BUILT_WITH.replaceAll('.', '\\.')}"`, 'g'),
    (_, caret) => {
      changed++;
      return `"${caret}${INCOMPATIBLE}"`;
    },
  );
  writeFileSync(entryFile, entry);
  const manifestFile = path.join(directoryDist, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  for (const shared of manifest.shared.filter(({ version }) => version === BUILT_WITH)) {
    shared.version = INCOMPATIBLE;
    shared.requiredVersion = `^${INCOMPATIBLE}`;
  }
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  return changed;
}

let product;
let browser;
let shops;

beforeAll(async () => {
  product = await startProduct({ FRONTEND_ROOT: frontends });
  browser = await launchChromium();
  shops = await (await fetch(`${product.url}/api/shops`)).json();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  rmSync(frontends, { recursive: true, force: true });
});

const journey = journeys(test, 'incompatible-remote', () => browser);
const T = TEXTS.es;
const A = ADMIN.es;

journey(
  'a directory remote built with React 18 shows its error boundary; the rest keeps working',
  async (open) => {
    // As built, the copy loads: the listing appears.
    const control = await open();
    await control.goto(`${product.url}/`);
    await control.getByText(T.results(shops.length)).waitFor();

    // remoteEntry.js declares each of react, react-dom, react-dom/client and react/jsx-runtime
    // twice (what the remote provides, and what it requires); the manifest once each.
    expect(declareReact18()).toBeGreaterThanOrEqual(8);

    const page = await open();
    const directoryRequests = [];
    page.on('request', (request) => {
      if (request.url().includes('/remotes/directory/')) directoryRequests.push(request.url());
    });
    await page.goto(`${product.url}/`);
    const alert = page.getByRole('alert');
    await alert.getByRole('heading', { name: T.remoteError }).waitFor();
    expect(await page.getByText(T.results(shops.length)).count()).toBe(0);
    // Refused on its manifest: the remote's code was never fetched, so none of it ran...
    expect(directoryRequests).toEqual([`${product.url}/remotes/directory/mf-manifest.json`]);
    // ...and the console says which shared modules and which versions.
    const refusal = page.log.find((line) => line.startsWith('[console.error] Remote failed to load'));
    expect(refusal).toContain('Remote directory');
    expect(refusal).toContain(`react: the remote needs ^${INCOMPATIBLE}, the shell has ${BUILT_WITH}`);

    // Retry asks again, and is refused again: the manifest has not changed.
    await alert.getByRole('button', { name: T.remoteRetry }).click();
    await eventually(
      () => directoryRequests.length,
      (count) => count > 1,
    );
    await alert.getByRole('heading', { name: T.remoteError }).waitFor();

    // The shell still works around it: the hero, and the admin remote, built with React 19.
    await page.getByText(T.heroDescription).waitFor();
    await page.getByRole('link', { name: T.login }).click();
    await page.getByRole('heading', { name: A.loginTitle }).waitFor();
  },
);
