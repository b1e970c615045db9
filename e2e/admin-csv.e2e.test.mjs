// CSV import and export in Chromium against the built product: the directory exported as CSV from
// the admin (semicolons, as a Spanish-locale spreadsheet wants), edited as a spreadsheet saves
// it (BOM, CRLF, quotes, accents, a category list; one shop changed, one added, one bad row),
// previewed (nothing changes yet), confirmed; the public API then serves the new directory.
// Then in English: the same file previewed again (only the bad row is left, refused in English)
// and a file that is not CSV refused by the server with its translated code.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SHOP_CSV_COLUMNS } from 'contract';
import { expectAccessible } from './support/axe.mjs';
import { launchChromium, openPage, unexpectedErrors, withArtifacts } from './support/browser.mjs';
import { ADMIN, LOCALES } from './support/admin-texts.mjs';
import { makePng } from './support/images.mjs';
import { startProduct } from './support/servers.mjs';

const CREDENTIALS = { username: 'admin', password: 'clave-csv-1' };
const NEW_SHOP = 'Armería "La Mixteca"';

/** A row of the `;` file, quoted where a spreadsheet quotes (a `;`, a quote or a line break). */
const row = (cells) =>
  SHOP_CSV_COLUMNS.map((column) => {
    const value = cells[column] ?? '';
    return /[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  }).join(';');

const newShop = {
  name: NEW_SHOP,
  city: 'Oaxaca de Juárez',
  state: 'Oaxaca',
  address: 'Calle Macedonio Alcalá 5',
  phone: '951 000 0000',
  email: 'mixteca@armeria.example',
  description: 'Taller de reparación; pavonado y "ajustes" finos.',
  categories: 'Armería;Caza;Reparación',
  isVerified: 'VERDADERO',
  logo: 'medal',
  mapImageUrl: 'https://maps.example/oaxaca.png',
  googleMapsUrl: 'https://maps.google.com/?q=17.06,-96.72',
};
const badRow = { ...newShop, name: 'Fila Mala', email: 'no-es-correo' };

describe('shops CSV: export, spreadsheet edit, preview, import (es, then en)', () => {
  let browser;
  let product;
  let context;
  let page;
  const files = mkdtempSync(path.join(tmpdir(), 'atm-e2e-csv-'));
  const edited = path.join(files, 'armeros-editado.csv');
  const state = {};
  let failed = false;

  beforeAll(async () => {
    [browser, product] = await Promise.all([launchChromium(), startProduct()]);
    const created = await fetch(`${product.url}/api/auth/create-admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(CREDENTIALS),
    });
    expect(created.status).toBe(201);
    ({ context, page } = await openPage(browser));
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await product?.stop();
    rmSync(files, { recursive: true, force: true });
  });

  const step = (name, body) =>
    test(name, async () => {
      if (failed) throw new Error('not run: an earlier step failed');
      try {
        await withArtifacts(`admin-csv-${name}`, () => [page], body);
      } catch (error) {
        failed = true;
        throw error;
      }
    });
  const shops = async () => await (await fetch(`${product.url}/api/shops`)).json();
  // The preview table's body rows, as assistive technology sees them (not antd's hidden measure row).
  const previewRows = () =>
    page
      .locator('section[aria-labelledby="csv-preview-title"]')
      .getByRole('row')
      .filter({ has: page.getByRole('cell') });

  step('es: from the dashboard, export with semicolons (BOM, CRLF, one row per shop)', async () => {
    const A = ADMIN.es;
    await page.goto(`${product.url}/admin/login`);
    await page.getByLabel(A.username).fill(CREDENTIALS.username);
    await page.getByLabel(A.password, { exact: true }).fill(CREDENTIALS.password);
    await page.getByRole('button', { name: A.submit, exact: true }).click();
    await page.getByText(A.welcome(CREDENTIALS.username)).waitFor();
    await page.getByRole('button', { name: 'Importar / Exportar CSV' }).click();
    await page.waitForURL(`${product.url}/admin/shops/import`);
    await page.getByRole('heading', { level: 1, name: 'Importar y exportar CSV' }).waitFor();
    await page.getByRole('radio', { name: 'Punto y coma (;)' }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^atm-directory-shops-\d{4}-\d{2}-\d{2}\.csv$/);
    const saved = path.join(files, download.suggestedFilename());
    await download.saveAs(saved);
    const bytes = readFileSync(saved);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.split('\r\n')[0]).toBe(SHOP_CSV_COLUMNS.join(';'));
    state.before = await shops();
    for (const shop of state.before) expect(text).toContain(shop.id);
    state.exported = text;
  });

  step('es: the edited file is previewed row by row, and nothing changes until confirmed', async () => {
    // One shop's phone changed in the "spreadsheet" (the export writes it after an apostrophe).
    const target = state.before[0];
    state.target = target;
    // The export writes a phone that starts with + after an apostrophe (formula neutralised).
    const written = /^[=+\-@]/.test(target.phone) ? `'${target.phone}` : target.phone;
    expect(state.exported).toContain(written);
    const changed = state.exported.replace(written, '+52 55 1234 0000');
    writeFileSync(edited, '\uFEFF' + changed + row(newShop) + '\r\n' + row(badRow) + '\r\n');
    await page.getByLabel('Elegir archivo CSV').setInputFiles(edited);
    await page.getByRole('heading', { name: 'Vista previa de armeros-editado.csv' }).waitFor();
    const count = state.before.length;
    expect(await previewRows().count()).toBe(Math.min(count + 2, 50));
    const newRow = previewRows().filter({ hasText: NEW_SHOP });
    await newRow.getByText('Nuevo', { exact: true }).waitFor();
    const bad = previewRows().filter({ hasText: 'Fila Mala' });
    await bad.getByText('Rechazado', { exact: true }).waitFor();
    await bad.getByText('email debe ser un correo electrónico válido').waitFor();
    const updated = previewRows().filter({ hasText: target.name });
    await updated.getByText('Actualizado', { exact: true }).waitFor();
    await updated.getByText('Cambios: phone').waitFor();
    await page.getByText('1 fila no se importará: el motivo está en la tabla.').waitFor();
    await expectAccessible(page, 'the CSV import page with its preview');
    // Every other shop comes back from its spreadsheet round trip unchanged.
    expect(await page.getByTestId('csv-counts').textContent()).toBe(
      `Nuevo1Actualizado1Sin cambios${count - 1}Rechazado1`,
    );
    expect(await shops()).toEqual(state.before);
  });

  step('es: confirmed, the valid rows are imported and the public directory serves them', async () => {
    await page.getByRole('button', { name: 'Importar 2 cambios' }).click();
    await page.getByText('Importación completada', { exact: true }).first().waitFor();
    await page.getByRole('heading', { name: 'Importado de armeros-editado.csv' }).waitFor();
    const after = await shops();
    expect(after).toHaveLength(state.before.length + 1);
    expect(after.find((shop) => shop.id === state.target.id).phone).toBe('+52 55 1234 0000');
    expect(after.find((shop) => shop.name === NEW_SHOP)).toMatchObject({
      city: 'Oaxaca de Juárez',
      description: 'Taller de reparación; pavonado y "ajustes" finos.',
      categories: ['Armería', 'Caza', 'Reparación'],
      isVerified: 'true',
    });
    expect(after.find((shop) => shop.name === 'Fila Mala')).toBeUndefined();
  });

  step('en: the same file again is all unchanged but the bad row, explained in English', async () => {
    await page.getByLabel(ADMIN.es.languageLabel).getByText('EN').click();
    await page.getByRole('heading', { level: 1, name: 'Import and export CSV' }).waitFor();
    await page.getByRole('button', { name: 'Import another file' }).click();
    await page.getByLabel('Choose CSV file').setInputFiles(edited);
    await page.getByRole('heading', { name: 'Preview of armeros-editado.csv' }).waitFor();
    const bad = previewRows().filter({ hasText: 'Fila Mala' });
    await bad.getByText('email must be a valid email address').waitFor();
    const newRow = previewRows().filter({ hasText: NEW_SHOP });
    await newRow.getByText('Unchanged', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Import 0 changes' }).isDisabled()).toBe(true);
    await expectAccessible(page, 'the en CSV import page with its preview');
  });

  step('en: a file that is not CSV is refused by the server, in English', async () => {
    const png = path.join(files, 'photo.csv');
    writeFileSync(png, makePng(8, 8, [10, 20, 30]));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByLabel('Choose CSV file').setInputFiles(png);
    const alert = page.getByRole('alert').filter({ hasText: 'The file could not be imported' });
    await alert.getByText(LOCALES.en.admin.errors.CSV_INVALID_FILE).waitFor();
    expect(unexpectedErrors(page, /status of (401|400)/)).toEqual([]);
  });
});
