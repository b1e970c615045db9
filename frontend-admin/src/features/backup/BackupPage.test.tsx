import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { strToU8, zipSync } from 'fflate';
import { clickWhenEnabled } from '../../test/clicks';
import { apiError, json, stubApi } from 'frontend-common/jest/msw';
import { stubXhr } from '../../test/xhr';
import { me, renderAdmin } from '../../test/renderAdmin';

const MB = 1024 * 1024;
const stats = {
  totalShops: 26,
  imagesWithLogos: 4,
  imagesWithMaps: 26,
  storedImages: 5,
  estimatedSize: '12.4 MB',
  estimatedBytes: 13_000_000,
  restoreMaxBytes: 100 * MB,
  lastFullBackupAt: '2026-10-01T10:00:00.000Z',
  lastAutomaticBackupAt: null,
  automaticBackupFailedAt: null,
  automaticBackups: { schedule: '0 3 * * *', timeZone: 'America/Mexico_City', keep: 14, nextRunAt: null },
};
const base = {
  'GET /api/auth/me': () => json(me),
  'GET /api/admin/backup/stats': stats,
  'GET /api/admin/backup/stored': [],
};
/** The server's dry run of a restore (RestorePreviewDto). */
const preview = (overrides: object = {}) => ({
  restorable: true,
  problems: [],
  createdAt: '2026-08-01T12:00:00.000Z',
  formatVersion: 3,
  shops: 26,
  created: 3,
  replaced: 20,
  unchanged: 3,
  images: 5,
  missingImages: 0,
  ...overrides,
});
const isDryRun = (url: string) => url.endsWith('/restore/preview');
const user = () => userEvent.setup();
const fullButton = () => screen.getByRole('button', { name: /Download Complete Backup|Creating ZIP/ });
const dataButton = () => screen.getByRole('button', { name: /Download Data Backup|Creating JSON/ });
const chooseButton = () => screen.getByRole('button', { name: /Select ZIP File/ });

function backupZipBytes(manifest: object = {}) {
  return zipSync({
    'shops.json': strToU8('[]'),
    'manifest.json': strToU8(
      JSON.stringify({
        product: 'atm-gunsmith-directory',
        formatVersion: 2,
        createdAt: '2026-08-01T12:00:00.000Z',
        counts: { shops: 26, images: 5 },
        files: {},
        ...manifest,
      }),
    ),
  });
}

function backupZip(manifest: object = {}) {
  const bytes = backupZipBytes(manifest);
  return new File([bytes as BlobPart], 'atm-directory-backup-2026-08-01.zip', { type: 'application/zip' });
}

let saved: { name: string; href: string }[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:backup');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.getAttribute('href') ?? '' });
  });
});
afterEach(() => jest.restoreAllMocks());

describe('backup page', () => {
  it('shows the four statistics, the Recommended ZIP card, the JSON card, best practices and the restore warnings', async () => {
    stubApi(base);
    await renderAdmin('/admin/backup');
    expect(await screen.findByText('Total Shops')).toBeInTheDocument();
    expect(screen.getByText('Total Shops').closest('.ant-card')).toHaveTextContent('26');
    expect(screen.getByText('Logo Images').closest('.ant-card')).toHaveTextContent('4');
    expect(screen.getByText('Map Images').closest('.ant-card')).toHaveTextContent('26');
    expect(screen.getByText('Estimated Size').closest('.ant-card')).toHaveTextContent('12.4 MB');
    expect(screen.getByText('Complete Backup (ZIP)')).toBeInTheDocument();
    expect(screen.getByText('Recommended')).toBeInTheDocument();
    expect(screen.getByText('Data Only (JSON)')).toBeInTheDocument();
    expect(screen.getByText(/complete backup every 3 months/)).toBeInTheDocument();
    expect(screen.getByText(/duplicates may be created/)).toBeInTheDocument();
    expect(screen.getByText(/are re-uploaded to object storage and get new URLs/)).toBeInTheDocument();
    expect(
      screen.getByText('The directory data is refreshed when the restore finishes.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/larger than the biggest file a restore accepts/)).not.toBeInTheDocument();
  });

  it('warns when the complete backup would be larger than a restore accepts', async () => {
    stubApi({
      ...base,
      'GET /api/admin/backup/stats': { ...stats, estimatedBytes: 150 * MB, estimatedSize: '150 MB' },
    });
    await renderAdmin('/admin/backup');
    expect(
      await screen.findByText(
        /The complete backup \(about 150 MB\) is larger than the biggest file a restore accepts \(100MB\)/,
      ),
    ).toBeInTheDocument();
  });

  it("downloads the full backup under the server's dated name; one backup at a time", async () => {
    // Held until the test finishes it; made before the request, so finishing cannot run ahead
    // of the request reaching the handler (the buttons lock as soon as it is sent).
    let finish: () => void = () => {};
    const zip = new Promise<Response>((resolve) => {
      finish = () =>
        resolve(
          new Response(new Uint8Array([80, 75, 5, 6]), {
            headers: {
              'Content-Type': 'application/zip',
              'Content-Disposition': 'attachment; filename="atm-directory-backup-2026-11-22.zip"',
            },
          }),
        );
    });
    const api = stubApi({ ...base, 'POST /api/admin/backup/full': () => zip });
    await renderAdmin('/admin/backup');
    await screen.findByText('Total Shops');
    await user().click(fullButton());
    await waitFor(() => expect(dataButton()).toBeDisabled());
    expect(fullButton()).toHaveTextContent('Creating ZIP...');
    expect(chooseButton()).toBeDisabled();
    finish();
    expect(await screen.findByText('Full Backup Created')).toBeInTheDocument();
    expect(saved).toEqual([{ name: 'atm-directory-backup-2026-11-22.zip', href: 'blob:backup' }]);
    expect(dataButton()).toBeEnabled();
    expect(api.callsTo('POST /api/admin/backup/full')).toHaveLength(1);
  });

  it('says on the page, and before a restore, when a full backup lacks images lost before it began', async () => {
    const missingImages = ['/objects/uploads/lost-1.png', '/objects/uploads/lost-2.png'];
    stubApi({
      ...base,
      'POST /api/admin/backup/full': () =>
        new Response(backupZipBytes({ missingImages }) as BodyInit, {
          headers: { 'Content-Type': 'application/zip' },
        }),
    });
    stubXhr(() => ({ status: 200, body: preview({ missingImages: 2 }) }));
    await renderAdmin('/admin/backup');
    await screen.findByText('Total Shops');
    expect(screen.queryByTestId('backup-missing-images')).not.toBeInTheDocument();
    await user().click(fullButton());
    const alert = await screen.findByTestId('backup-missing-images');
    expect(alert).toHaveTextContent('This backup lacks 2 images');
    expect(alert).toHaveTextContent('already missing from storage before the backup began');
    fireEvent.change(screen.getByLabelText('Select ZIP File'), {
      target: { files: [backupZip({ missingImages })] },
    });
    expect(await screen.findByTestId('restore-missing-images')).toHaveTextContent(
      'This file lacks 2 images that were already missing when it was made',
    );
  });

  it('says nothing of missing images when the backup holds every image', async () => {
    stubApi({
      ...base,
      'POST /api/admin/backup/full': () =>
        new Response(backupZipBytes({ missingImages: [] }) as BodyInit, {
          headers: { 'Content-Type': 'application/zip' },
        }),
    });
    stubXhr(() => ({ status: 200, body: preview() }));
    await renderAdmin('/admin/backup');
    await screen.findByText('Total Shops');
    await user().click(fullButton());
    expect(await screen.findByText('Full Backup Created')).toBeInTheDocument();
    expect(screen.queryByTestId('backup-missing-images')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Select ZIP File'), { target: { files: [backupZip()] } });
    await screen.findByTestId('restore-summary');
    expect(screen.queryByTestId('restore-missing-images')).not.toBeInTheDocument();
  });

  it('downloads the data backup as JSON and reports failures of both kinds', async () => {
    let fail = false;
    stubApi({
      ...base,
      'POST /api/admin/backup/data': () =>
        fail
          ? new Response('', { status: 500 })
          : new Response('{"shops":[]}', {
              headers: { 'Content-Disposition': 'attachment; filename="atm-directory-data-2026-11-22.json"' },
            }),
      'POST /api/admin/backup/full': () => apiError(500, 'Internal server error'),
    });
    await renderAdmin('/admin/backup');
    await screen.findByText('Total Shops');
    await user().click(dataButton());
    expect(await screen.findByText('Data Backup Created')).toBeInTheDocument();
    expect(saved[0].name).toBe('atm-directory-data-2026-11-22.json');
    fail = true;
    await clickWhenEnabled(dataButton);
    expect(await screen.findByText('Failed to create data backup')).toBeInTheDocument();
    expect(screen.getByText('Backup Failed')).toBeInTheDocument();
    await clickWhenEnabled(fullButton);
    expect(await screen.findByText(/Failed to create full backup/)).toBeInTheDocument();
  });

  it('refuses a file that is not a ZIP or is too large before uploading', async () => {
    stubApi(base);
    const xhr = stubXhr(() => ({ status: 200, body: {} }));
    await renderAdmin('/admin/backup');
    await screen.findByText('Total Shops');
    const input = screen.getByLabelText('Select ZIP File');
    fireEvent.change(input, {
      target: { files: [new File(['{}'], 'data.json', { type: 'application/json' })] },
    });
    expect(await screen.findByText('Invalid File Type')).toBeInTheDocument();
    expect(screen.getByText('Please select a ZIP file')).toBeInTheDocument();
    const big = new File(['x'], 'big.zip', { type: 'application/zip' });
    Object.defineProperty(big, 'size', { value: 100 * MB + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('File Too Large')).toBeInTheDocument();
    expect(screen.getByText('Maximum file size is 100MB')).toBeInTheDocument();
    expect(xhr.calls).toHaveLength(0);
    // One toast at a time: the second replaced the first.
    await waitFor(() => expect(document.querySelectorAll('.ant-notification-notice')).toHaveLength(1));
  });

  it('previews the restore on the server, starts on Cancel, then uploads with progress (backups locked) and reports', async () => {
    stubApi(base);
    const xhr = stubXhr((call) =>
      isDryRun(call.url)
        ? { status: 200, body: preview() }
        : {
            status: 200,
            body: {
              message: 'Backup restored: 3 shop(s) created, 20 replaced, 3 unchanged, 5 image(s).',
              created: 3,
              updated: 20,
              unchanged: 3,
              images: 5,
            },
          },
    );
    await renderAdmin('/admin/backup');
    await screen.findByText('Total Shops');
    fireEvent.change(screen.getByLabelText('Select ZIP File'), { target: { files: [backupZip()] } });
    const summary = await screen.findByTestId('restore-summary');
    expect(xhr.calls).toHaveLength(1);
    expect(xhr.calls[0].url).toBe('/api/admin/backup/restore/preview');
    expect(summary).toHaveTextContent('atm-directory-backup-2026-08-01.zip');
    expect(within(summary).getByText('Gunsmiths created').closest('tr')).toHaveTextContent('3');
    expect(within(summary).getByText('Gunsmiths replaced').closest('tr')).toHaveTextContent('20');
    expect(within(summary).getByText('Gunsmiths unchanged').closest('tr')).toHaveTextContent('3');
    expect(within(summary).getByText('Images added').closest('tr')).toHaveTextContent('5');
    expect(within(summary).getByText('Format version').closest('tr')).toHaveTextContent('3');
    expect(within(summary).getByText('Created').closest('tr')).toHaveTextContent('August 1, 2026');
    expect(summary).toHaveTextContent('Nothing has been changed yet');
    // The safe choice has the focus.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user().click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Backup Restored Successfully')).toBeInTheDocument();
    // The counts come as data and are written in the admin's language, with plural forms.
    expect(screen.getByText('3 gunsmiths created, 20 updated, 3 unchanged, 5 images.')).toBeInTheDocument();
    expect(xhr.calls[1].method).toBe('POST');
    expect(xhr.calls[1].url).toBe('/api/admin/backup/restore');
    expect((xhr.calls[1].body as FormData).get('backupFile')).toBeInstanceOf(File);
    await waitFor(() => expect(fullButton()).toBeEnabled());
  });

  it('locks both backups while the restore uploads', async () => {
    stubApi(base);
    const xhr = stubXhr(
      (call) =>
        isDryRun(call.url)
          ? { status: 200, body: preview() }
          : { status: 200, body: { message: '', created: 0, updated: 0, unchanged: 0, images: 0 } },
      { held: true },
    );
    await renderAdmin('/admin/backup');
    await screen.findByText('Total Shops');
    fireEvent.change(screen.getByLabelText('Select ZIP File'), { target: { files: [backupZip()] } });
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50'));
    expect(fullButton()).toBeDisabled();
    xhr.release();
    await screen.findByTestId('restore-summary');
    await user().click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50'));
    expect(fullButton()).toBeDisabled();
    expect(dataButton()).toBeDisabled();
    xhr.release();
    expect(await screen.findByText('Backup Restored Successfully')).toBeInTheDocument();
  });

  it('shows the problem of a backup that cannot be restored, offering only Close', async () => {
    stubApi(base);
    const problem = 'The backup file cannot be restored: shops.json does not match its checksum';
    const xhr = stubXhr(() => ({
      status: 200,
      body: preview({ restorable: false, problems: [{ code: 'BACKUP_REJECTED', message: problem }] }),
    }));
    await renderAdmin('/admin/backup');
    await screen.findByText('Total Shops');
    fireEvent.change(screen.getByLabelText('Select ZIP File'), { target: { files: [backupZip()] } });
    expect((await screen.findAllByText('This backup cannot be restored')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('restore-problems')).toHaveTextContent(problem);
    expect(screen.queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Close' }));
    expect(xhr.calls).toHaveLength(1);
  });

  it('lists the stored backups and restores one after its preview', async () => {
    const stored = {
      name: 'atm-directory-backup-2026-11-20T09-00-00-000Z-auto.zip',
      createdAt: '2026-11-20T09:00:00.000Z',
      automatic: true,
      bytes: 3 * MB,
    };
    const api = stubApi({
      ...base,
      'GET /api/admin/backup/stored': [stored],
      [`POST /api/admin/backup/stored/${stored.name}/restore/preview`]: preview({
        created: 0,
        replaced: 1,
        unchanged: 25,
        images: 2,
      }),
      [`POST /api/admin/backup/stored/${stored.name}/restore`]: {
        message: 'ok',
        created: 0,
        updated: 1,
        unchanged: 25,
        images: 2,
      },
    });
    await renderAdmin('/admin/backup');
    const table = await screen.findByRole('table', { name: 'Stored backups' });
    const row = (await within(table).findByText('Automatic')).closest('tr')!;
    expect(row).toHaveTextContent('3MB');
    expect(
      screen.getByText(/on the schedule "0 3 \* \* \*" \(America\/Mexico_City time\); the last 14 are kept/),
    ).toBeInTheDocument();
    await user().click(within(row).getByRole('button', { name: /^Restore the backup of/ }));
    const summary = await screen.findByTestId('restore-summary');
    expect(summary).toHaveTextContent(stored.name);
    expect(within(summary).getByText('Gunsmiths replaced').closest('tr')).toHaveTextContent('1');
    await user().click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Backup Restored Successfully')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/backup/stored/${stored.name}/restore/preview`)).toHaveLength(1);
    const calls = api.callsTo(`POST /api/admin/backup/stored/${stored.name}/restore`);
    expect(calls.map((call) => new URL(call.url).search)).toEqual(['']);
  });

  it('a refused file: "Restore Failed" with the server message, and no restore is offered', async () => {
    stubApi(base);
    stubXhr(() => ({
      status: 400,
      body: {
        statusCode: 400,
        code: 'BACKUP_REJECTED',
        message: 'The backup file cannot be restored: it is not a readable ZIP archive',
      },
    }));
    await renderAdmin('/admin/backup');
    await screen.findByText('Total Shops');
    fireEvent.change(screen.getByLabelText('Select ZIP File'), {
      target: { files: [new File(['not a zip, only text'], 'odd.zip', { type: 'application/zip' })] },
    });
    expect(await screen.findByText('Restore Failed')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Failed to restore backup: The file is not a backup of this directory, or it is damaged. Nothing was changed.',
      ),
    ).toBeInTheDocument();
  });
});
