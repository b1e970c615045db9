// Stored and automatic backups in Chromium against the built product: the backend's own schedule
// (BACKUP_SCHEDULE set to fire once, half a minute after it starts) stores a real automatic
// backup; an admin then deletes one shop and edits another, finds the stored backup on the backup
// page with its date and size, asks to restore it, reads the preview (created, replaced,
// unchanged, date, format version), confirms, and the directory is back as it was, on the API and
// on the public shop page; the activity page shows the server's backup and the admin's restore.
// Then in English: the same backup previewed again creates no shop, and Cancel changes nothing.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { expectAccessible } from './support/axe.mjs';
import { eventually, launchChromium, openPage, unexpectedErrors, withArtifacts } from './support/browser.mjs';
import { searchDashboard } from './support/admin-dashboard.mjs';
import { ADMIN, LOCALES } from './support/admin-texts.mjs';
import { startProduct } from './support/servers.mjs';

const CREDENTIALS = { username: 'admin', password: 'clave-respaldo-1' };
/** The backend's schedules run in this zone (BACKUP_TIME_ZONE); the admin's browser is there too. */
const TIME_ZONE = 'America/Mexico_City';
/** How long after the backend is spawned its one automatic backup is due: start-up fits in it. */
const LEAD_SECONDS = 30;
const EDITED_PHONE = '+52 33 0000 1111';

/** A six-field cron pattern (seconds first) that fires once, at `date` (to the second) in TIME_ZONE. */
function cronAt(date) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    hourCycle: 'h23',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(date);
  const field = (type) => Number(parts.find((part) => part.type === type).value);
  return `${field('second')} ${field('minute')} ${field('hour')} ${field('day')} ${field('month')} *`;
}

/** A date as the admin's tables write it in `lang` (Intl, long date and short time, in TIME_ZONE). */
const writtenDate = (lang, iso) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'es-MX', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  }).format(new Date(iso));

/** An i18n template of the admin's with its {{placeholders}} filled in. */
const fill = (template, values) => template.replace(/\{\{(\w+)\}\}/g, (_, key) => String(values[key]));

/** '1.2MB' → bytes (the page writes sizes in binary units without a space). */
function parseSize(text) {
  const match = /^(\d+(?:\.\d)?)(B|KB|MB|GB)$/.exec(text);
  if (!match) throw new Error(`not a size as the page writes them: "${text}"`);
  return Number(match[1]) * 1024 ** ['B', 'KB', 'MB', 'GB'].indexOf(match[2]);
}

/** One shop as the public API serves it, without the image paths a restore gives anew. */
const withoutImagePaths = ({ logo, mapImageUrl, ...shop }) => ({
  ...shop,
  logo: logo?.startsWith('/objects/') ? 'uploaded' : logo,
  mapImageUrl: mapImageUrl?.startsWith('/objects/') ? 'uploaded' : mapImageUrl,
});

describe('a stored automatic backup restored after its preview (es, then en)', () => {
  let browser;
  let product;
  let context;
  let page;
  let visitor;
  let visitorContext;
  let backupDue;
  const state = {};
  let failed = false;

  beforeAll(async () => {
    backupDue = new Date(Math.ceil(Date.now() / 1000) * 1000 + LEAD_SECONDS * 1000);
    [browser, product] = await Promise.all([
      launchChromium(),
      startProduct({ BACKUP_SCHEDULE: cronAt(backupDue), BACKUP_KEEP: '3' }),
    ]);
    if (Date.now() >= backupDue.getTime())
      throw new Error(
        `the backend took over ${LEAD_SECONDS} s to start: its automatic backup was due already`,
      );
    const created = await fetch(`${product.url}/api/auth/create-admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(CREDENTIALS),
    });
    expect(created.status).toBe(201);
    ({ context, page } = await openPage(browser, { timezoneId: TIME_ZONE }));
    ({ context: visitorContext, page: visitor } = await openPage(browser, { timezoneId: TIME_ZONE }));
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await visitorContext?.close();
    await browser?.close();
    await product?.stop();
  });

  const step = (name, body) =>
    test(name, async () => {
      if (failed) throw new Error('not run: an earlier step failed');
      try {
        await withArtifacts(`admin-stored-backup-${name}`, () => [page, visitor], body);
      } catch (error) {
        failed = true;
        throw error;
      }
    });
  const api = async (path) => await (await page.request.get(`${product.url}${path}`)).json();
  const shops = () => api('/api/shops');
  const toast = (text) => page.getByText(text, { exact: true }).first().waitFor();
  /** The preview dialog's row for `label` holding exactly `value` (a bordered Descriptions row). */
  const previewRow = (dialog, label, value) =>
    dialog.getByRole('row', { name: `${label} ${value}`, exact: true }).waitFor();

  step('es: the schedule is shown, and the backend stores its automatic backup on time', async () => {
    const A = ADMIN.es;
    const B = LOCALES.es.admin.backup.automatic;
    await page.goto(`${product.url}/admin/login`);
    await page.getByLabel(A.username).fill(CREDENTIALS.username);
    await page.getByLabel(A.password, { exact: true }).fill(CREDENTIALS.password);
    await page.getByRole('button', { name: A.submit, exact: true }).click();
    await page.getByText(A.welcome(CREDENTIALS.username)).waitFor();
    await page.getByRole('button', { name: A.backup }).click();
    await page.waitForURL(`${product.url}/admin/backup`);
    // What the page says of the schedule (the next time depends on whether it has run yet).
    const stored = page.getByTestId('stored-backups');
    await stored
      .getByText(fill(B.schedule, { schedule: cronAt(backupDue), timeZone: TIME_ZONE, keep: 3 }))
      .waitFor();
    await stored.getByText(fill(B.next, { date: '' }).trim()).waitFor();
    // Nobody triggers it: the backend's schedule does, at the time it was given.
    const [backup] = await eventually(
      () => api('/api/admin/backup/stored'),
      (list) => list.length > 0,
      { timeout: (LEAD_SECONDS + 60) * 1000, interval: 500 },
    );
    expect(backup.automatic).toBe(true);
    expect(new Date(backup.createdAt).getTime()).toBeGreaterThanOrEqual(backupDue.getTime());
    expect(backup.name).toMatch(/^atm-directory-backup-.*-auto\.zip$/);
    state.backup = backup;
    state.before = await shops();
    expect(state.before.length).toBeGreaterThan(2);
  });

  step('es: the admin deletes one shop and edits another', async () => {
    const A = ADMIN.es;
    [state.deleted, state.edited] = state.before;
    await page.getByRole('button', { name: A.backToDashboard }).click();
    await page.waitForURL(`${product.url}/admin`);
    await searchDashboard(page, A.searchShops, state.deleted.name);
    await page.getByRole('button', { name: A.deleteShop(state.deleted.name) }).click();
    await page.getByRole('dialog').getByRole('button', { name: A.deleteOk }).click();
    await toast(A.shopDeleted);

    await searchDashboard(page, A.searchShops, state.edited.name);
    await page.getByRole('button', { name: A.edit(state.edited.name) }).click();
    await page.waitForURL(`${product.url}/admin/shops/edit/${state.edited.id}`);
    const phone = page.getByLabel(A.fields.phone);
    await eventually(() => phone.inputValue(), state.edited.phone);
    await phone.fill(EDITED_PHONE);
    await page.getByRole('button', { name: A.update }).click();
    await toast(A.shopUpdated);
    await page.waitForURL(`${product.url}/admin`);

    const now = await shops();
    expect(now).toHaveLength(state.before.length - 1);
    expect(now.find((shop) => shop.id === state.deleted.id)).toBeUndefined();
    expect(now.find((shop) => shop.id === state.edited.id).phone).toBe(EDITED_PHONE);
  });

  step('es: the backup page lists the stored backup with its date and size; its preview', async () => {
    const A = ADMIN.es;
    const B = LOCALES.es.admin.backup;
    await page.getByRole('button', { name: A.backup }).click();
    await page.waitForURL(`${product.url}/admin/backup`);
    const date = writtenDate('es', state.backup.createdAt);
    const table = page.getByRole('table', { name: B.automatic.tableLabel });
    const row = table.getByRole('row').filter({ hasText: date });
    await row.getByRole('cell', { name: B.automatic.kind.auto, exact: true }).waitFor();
    expect(await table.getByRole('row').count()).toBe(2); // the header and this backup
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[0]).toBe(date);
    state.size = cells[1];
    // The size as written ('12.3MB', one decimal) is the stored file's.
    expect(Math.abs(parseSize(state.size) - state.backup.bytes)).toBeLessThan(state.backup.bytes * 0.05);

    await row.getByRole('button', { name: fill(B.automatic.restoreLabel, { date }) }).click();
    const dialog = page.getByRole('dialog', { name: B.restore.preview.title });
    const P = B.restore.preview;
    await previewRow(dialog, P.source, state.backup.name);
    await previewRow(dialog, B.restore.confirm.size, state.size);
    await previewRow(dialog, B.restore.confirm.created, date);
    await previewRow(dialog, P.formatVersion, 8); // the format this build writes (backup-format.ts)
    await previewRow(dialog, P.shops, state.before.length);
    await previewRow(dialog, P.created, 1); // the deleted shop
    await previewRow(dialog, P.replaced, 1); // the edited one
    await previewRow(dialog, P.unchanged, state.before.length - 2);
    await previewRow(dialog, P.images, 1); // the demo map both show, one file in the backup
    await dialog.getByText(P.nothingChanged).waitFor();
    // The dialog starts on Cancel, the safe choice.
    await eventually(
      () =>
        dialog
          .getByRole('button', { name: B.restore.confirm.cancel })
          .evaluate((b) => b === b.ownerDocument.activeElement),
      true,
    );
    await expectAccessible(page, 'the es preview of a stored automatic backup');
    // Previewing changed nothing.
    expect(await shops()).toHaveLength(state.before.length - 1);
  });

  step('es: confirmed, the directory is back as it was, on the API and the public page', async () => {
    const B = LOCALES.es.admin.backup;
    const dialog = page.getByRole('dialog', { name: B.restore.preview.title });
    await dialog.getByRole('button', { name: B.restore.confirm.ok, exact: true }).click();
    await toast(B.restore.success);
    await dialog.waitFor({ state: 'detached' });
    const after = await shops();
    expect(after.map(withoutImagePaths)).toEqual(state.before.map(withoutImagePaths));
    // The shops restored got their images anew, with the very same bytes.
    for (const shop of [state.deleted, state.edited]) {
      const restored = after.find((candidate) => candidate.id === shop.id);
      for (const field of ['logo', 'mapImageUrl']) {
        if (!shop[field]?.startsWith('/objects/')) continue;
        const [was, is] = await Promise.all(
          [shop[field], restored[field]].map(async (url) =>
            (await page.request.get(`${product.url}${url}`)).body(),
          ),
        );
        expect(Buffer.compare(was, is)).toBe(0);
      }
    }
    await visitor.goto(`${product.url}/shops/${state.deleted.slug}`);
    await visitor.getByRole('heading', { level: 1, name: state.deleted.name }).waitFor();
    await visitor.goto(`${product.url}/shops/${state.edited.slug}`);
    await visitor
      .getByRole('link', { name: new RegExp(state.edited.phone.replaceAll('+', '\\+')) })
      .first()
      .waitFor();
  });

  step('es: the activity page shows the automatic backup and the restore, with who did each', async () => {
    const A = ADMIN.es;
    const L = LOCALES.es.admin.activity;
    await page.getByRole('button', { name: A.backToDashboard }).click();
    await page.getByRole('button', { name: A.activity }).click();
    await page.waitForURL(`${product.url}/admin/activity`);
    await page.getByRole('heading', { level: 1, name: A.activity }).waitFor();
    const restoredRow = page.getByRole('row').filter({ hasText: L.kinds.backup.restored });
    await restoredRow.getByRole('cell', { name: CREDENTIALS.username, exact: true }).waitFor();
    await restoredRow
      .getByText(fill(L.details.restored, { created: 1, updated: 1, images: 1 }), { exact: false })
      .waitFor();
    await restoredRow.getByText(fill(L.details.file, { name: state.backup.name })).waitFor();
    const storedRow = page.getByRole('row').filter({ hasText: L.kinds.backup.stored });
    await storedRow.getByRole('cell', { name: L.server, exact: true }).waitFor();
    // Newest first: the restore above the deletion above the automatic backup.
    const kinds = await page.getByRole('row').allTextContents();
    const at = (text) => kinds.findIndex((row) => row.includes(text));
    expect(at(L.kinds.backup.restored)).toBeLessThan(at(L.kinds.shop.deleted));
    expect(at(L.kinds.shop.deleted)).toBeLessThan(at(L.kinds.backup.stored));
  });

  step('en: previewed again, the same backup creates no shop; Cancel changes nothing', async () => {
    const A = ADMIN.en;
    const B = LOCALES.en.admin.backup;
    // The Spanish restore's notice closes by itself after a few seconds; still open, it would sit
    // under the next dialog's mask, which axe rightly reads as text without contrast.
    await page
      .getByText(LOCALES.es.admin.backup.restore.success, { exact: true })
      .waitFor({ state: 'hidden' });
    await page.getByLabel(ADMIN.es.languageLabel).getByText('EN').click();
    await page.getByRole('button', { name: A.backToDashboard }).click();
    await page.getByRole('button', { name: A.backup }).click();
    await page.waitForURL(`${product.url}/admin/backup`);
    const date = writtenDate('en', state.backup.createdAt);
    const table = page.getByRole('table', { name: B.automatic.tableLabel });
    const row = table.getByRole('row').filter({ hasText: date });
    await row.getByRole('cell', { name: B.automatic.kind.auto, exact: true }).waitFor();
    await row.getByRole('button', { name: fill(B.automatic.restoreLabel, { date }) }).click();
    const dialog = page.getByRole('dialog', { name: B.restore.preview.title });
    const P = B.restore.preview;
    await previewRow(dialog, B.restore.confirm.created, date);
    await previewRow(dialog, P.formatVersion, 8); // the format this build writes (backup-format.ts)
    await previewRow(dialog, P.shops, state.before.length);
    // Every shop of the backup is in the directory again. (The two restored ones count as
    // replaced: a restore stores images under new paths, and shops are compared by path.)
    await previewRow(dialog, P.created, 0);
    await expectAccessible(page, 'the en preview of a stored automatic backup');
    const before = await api('/api/admin/activity?pageSize=1');
    await dialog.getByRole('button', { name: B.restore.confirm.cancel }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await api('/api/admin/activity?pageSize=1')).total).toBe(before.total);
    expect((await shops()).map(withoutImagePaths)).toEqual(state.before.map(withoutImagePaths));
    expect(unexpectedErrors(page)).toEqual([]);
    expect(unexpectedErrors(visitor)).toEqual([]);
  });
});
