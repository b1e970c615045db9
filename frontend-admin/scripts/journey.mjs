#!/usr/bin/env node
// The admin's main journey in a real Chromium, against a real backend behind the preview server:
// first admin, login, create a shop with an uploaded logo and map, full backup, logout.
// Usage: node frontend-admin/scripts/journey.mjs <base-url> <logo.png> <map.png> [screenshot-dir]
// Needs a backend without admins (fresh DATA_DIR). Prints each step; exits 1 on the first failure.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../../tools/chromium.mjs';

const [base, logo, map, shots = '/tmp/atm-admin-shots'] = process.argv.slice(2);
mkdirSync(shots, { recursive: true });
const browser = await launchChromium();
const problems = [];
const step = (text) => console.log(`- ${text}`);
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // The browser logs every non-2xx answer; the 401 of /api/auth/me while logged out is expected.
  page.on(
    'console',
    (message) =>
      message.type() === 'error' &&
      !/status of 401/.test(message.text()) &&
      problems.push(`console: ${message.text()}`),
  );
  const shot = (name) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

  await page.goto(`${base}/admin`);
  await page.getByRole('heading', { name: 'Acceso de Administración ATM' }).waitFor({ timeout: 30_000 });
  step('visitor on /admin sees the login screen (Spanish by default)');
  await shot('01-login-es');

  await page.getByRole('button', { name: 'Crear cuenta de administrador' }).click();
  await page.getByLabel('Usuario').fill('admin');
  await page.getByLabel('Contraseña', { exact: true }).fill('secreto-largo');
  await page.getByLabel('Confirmar contraseña').fill('secreto-largo');
  await page.getByRole('button', { name: 'Crear administrador' }).click();
  await page.getByText('Usuario administrador creado correctamente. Ya puedes iniciar sesión.').waitFor();
  step('first admin created; back in login mode');

  await page.getByLabel('Usuario').fill('admin');
  await page.getByLabel('Contraseña', { exact: true }).fill('secreto-largo');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByText('Bienvenido, admin').waitFor();
  await page.waitForURL(`${base}/admin`);
  await page.getByTestId('shop-card').first().waitFor();
  step(`logged in; dashboard lists ${await page.getByTestId('shop-card').count()} shops`);
  await shot('02-dashboard-es');

  await page.getByRole('button', { name: 'Agregar nuevo armero' }).click();
  await page.waitForURL(`${base}/admin/shops/new`);
  await page.getByText('Por favor selecciona al menos una categoría').first().waitFor();
  const save = page.getByRole('button', { name: 'Crear armero' });
  if (!(await save.isDisabled())) problems.push('save should be disabled without a category');
  await page.getByLabel('Nombre').fill('Armería Prueba Navegador');
  await page.getByLabel('Correo electrónico').fill('prueba@armeria.mx');
  await page.getByLabel('Teléfono').fill('+52 55 5555 0199');
  await page.getByLabel('Sitio web').fill('https://armeria-prueba.mx');
  await page.getByLabel('Descripción').fill('Taller de prueba creado por el recorrido en Chromium.');
  await page.getByLabel('Dirección').fill('Av. Reforma 100');
  await page.getByLabel('Ciudad').fill('Ciudad de México');
  await page.getByLabel('Estado').fill('CDMX');
  await page.getByLabel('URL de Google Maps').fill('https://maps.google.com/?q=19.43,-99.13');
  await page.getByLabel('Latitud').fill('19.4326077');
  await page.getByLabel('Longitud').fill('-99.133208');
  await page.getByRole('checkbox', { name: 'Armería' }).check();
  await page.getByRole('checkbox', { name: 'Mantenimiento' }).check();
  await page.getByLabel('Logotipo: Subir imagen').setInputFiles(logo);
  await page.getByText('La imagen del logotipo se subió correctamente.').waitFor();
  await page.getByLabel('Mapa / Foto: Subir imagen').setInputFiles(map);
  await page.getByText('La imagen del mapa se subió correctamente.').waitFor();
  await page.getByLabel('Marcar como armero verificado').check();
  step('form filled; logo and map uploaded');
  await shot('03-shop-form-es');
  await save.click();
  await page.getByText('Armero creado', { exact: true }).waitFor();
  await page.waitForURL(`${base}/admin`);
  await page.getByLabel('Buscar armeros').fill('Prueba Navegador');
  const card = page.getByTestId('shop-card').filter({ hasText: 'Armería Prueba Navegador' });
  await card.waitFor();
  const logoSrc = await card.locator('img').first().getAttribute('src');
  if (!/^\/objects\/uploads\/[0-9a-f-]{36}$/.test(logoSrc ?? ''))
    problems.push(`card logo src is ${logoSrc}`);
  const image = await page.request.get(`${base}${logoSrc}`);
  if (image.headers()['content-type'] !== 'image/png')
    problems.push(`logo served as ${image.headers()['content-type']}`);
  step(`shop created, listed, its logo ${logoSrc} served as ${image.headers()['content-type']}`);

  await page.getByRole('button', { name: 'Respaldar datos' }).click();
  await page.waitForURL(`${base}/admin/backup`);
  await page.getByText('Total de armerías').waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar respaldo completo' }).click(),
  ]);
  const saved = path.join(shots, download.suggestedFilename());
  await download.saveAs(saved);
  await page.getByText('Respaldo completo creado').waitFor();
  step(`full backup downloaded as ${download.suggestedFilename()}`);
  if (!/^atm-directory-backup-\d{4}-\d{2}-\d{2}\.zip$/.test(download.suggestedFilename()))
    problems.push('backup file name');

  await page.getByLabel('Idioma').getByText('EN').click();
  await page.getByText('Complete Backup (ZIP)').waitFor();
  await page.getByLabel('Select ZIP File').setInputFiles(saved);
  const summary = page.getByTestId('restore-summary');
  await summary.waitFor();
  await page.locator('.ant-modal-confirm-title', { hasText: 'Restore this backup?' }).waitFor();
  step(`restore confirmation: ${(await summary.innerText()).replace(/\s+/g, ' ').slice(0, 160)}`);
  await shot('04-backup-restore-confirm-en');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByLabel('Language').getByText('ES').click();

  await page.getByRole('button', { name: 'Volver al panel' }).click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await page.getByText('Has cerrado sesión correctamente.').waitFor();
  await page.waitForURL(`${base}/admin/login`);
  step('logged out, back on /admin/login');
  const me = await page.request.get(`${base}/api/auth/me`);
  if (me.status() !== 401) problems.push(`after logout /api/auth/me answered ${me.status()}`);
  await shot('05-logged-out-es');
} catch (error) {
  problems.push(`journey failed: ${error.message}`);
} finally {
  await browser.close();
}
if (problems.length) {
  console.log(`PROBLEMS:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('journey OK');
