import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CSV_IMPORT_MAX_BYTES } from 'contract';
import type { ImportShopsResultDto } from 'contract/api-types';
import { json, stubApi } from 'frontend-common/jest/msw';
import { clickWhenEnabled } from '../../test/clicks';
import { stubXhr, type XhrCall } from '../../test/xhr';
import { me, renderAdmin } from '../../test/renderAdmin';

const base = { 'GET /api/auth/me': () => json(me) };
const csvFile = (name = 'armeros.csv', size?: number) => {
  const file = new File(['id,name\n'], name, { type: 'text/csv' });
  if (size) Object.defineProperty(file, 'size', { value: size });
  return file;
};
/** Chooses a file once the page is there (after the session check). */
const choose = async (file: File, label = 'Choose CSV file') =>
  fireEvent.change(await screen.findByLabelText(label), { target: { files: [file] } });

function result(overrides: Partial<ImportShopsResultDto> = {}): ImportShopsResultDto {
  return {
    dryRun: true,
    allOrNothing: false,
    applied: false,
    delimiter: ';',
    counts: { created: 1, updated: 1, unchanged: 1, refused: 1 },
    rows: [
      {
        row: 2,
        status: 'updated',
        id: 'a',
        name: 'Armería Uno',
        city: 'León',
        matchedBy: 'id',
        changes: ['phone', 'categories'],
        errors: [],
      },
      {
        row: 3,
        status: 'unchanged',
        id: 'b',
        name: 'Caza Dos',
        city: 'Puebla',
        matchedBy: 'nameAndCity',
        changes: [],
        errors: [],
      },
      {
        row: 4,
        status: 'refused',
        id: null,
        name: 'Mala',
        city: 'Tepic',
        matchedBy: null,
        changes: [],
        errors: [
          { field: 'phone', code: 'REQUIRED', message: 'Phone is required' },
          { field: 'id', code: 'DUPLICATE_ROW', message: 'Row 2 is about the same shop', params: { row: 2 } },
        ],
      },
      {
        row: 5,
        status: 'created',
        id: null,
        name: 'Nueva',
        city: 'Mérida',
        matchedBy: null,
        changes: [],
        errors: [],
      },
    ],
    ...overrides,
  };
}

const query = (call: XhrCall) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams);

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = jest.fn(() => 'blob:csv');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => jest.restoreAllMocks());

describe('CSV import and export page', () => {
  it('has one h1 and exports with the chosen separator under the server’s file name', async () => {
    const api = stubApi({
      ...base,
      'GET /api/admin/shops/export.csv': () =>
        new Response('\uFEFFid,name\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="atm-directory-shops-2026-11-23.csv"',
          },
        }),
    });
    await renderAdmin('/admin/shops/import');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Import and export CSV' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Semicolon (;)' }));
    await clickWhenEnabled(() => screen.getByRole('button', { name: /Export CSV/ }));
    expect(await screen.findByText('CSV exported')).toBeInTheDocument();
    expect(saved).toEqual(['atm-directory-shops-2026-11-23.csv']);
    const [request] = api.callsTo('GET /api/admin/shops/export.csv');
    expect(new URL(request.url).searchParams.get('delimiter')).toBe('semicolon');
  });

  it('previews a file (dry run), shows each row’s result and errors, and imports on confirmation', async () => {
    stubApi(base);
    const xhr = stubXhr((call) =>
      query(call).dryRun === 'true'
        ? { status: 200, body: result() }
        : {
            status: 200,
            body: result({
              dryRun: false,
              applied: true,
              rows: result().rows.map((row) => (row.status === 'created' ? { ...row, id: 'new' } : row)),
            }),
          },
    );
    await renderAdmin('/admin/shops/import');
    await choose(csvFile());
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { name: 'Preview of armeros.csv' })).toBeInTheDocument();
    expect(xhr.calls).toHaveLength(1);
    expect(query(xhr.calls[0])).toEqual({ dryRun: 'true', allOrNothing: 'false' });
    expect((xhr.calls[0].body as FormData).get('file')).toBeInstanceOf(File);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '2UpdatedArmería UnoLeónChanges: phone, categories',
      '3UnchangedCaza DosPueblaNo changes',
      '4RefusedMalaTepicphone is requiredid: row 2 is already about this gunsmith',
      '5NewNuevaMéridaA new gunsmith',
    ]);
    expect(screen.getByText('1 row will not be imported: see why in the table.')).toBeInTheDocument();
    // Another file can be chosen instead.
    expect(screen.getByRole('button', { name: /Choose CSV file/ })).toBeEnabled();

    await clickWhenEnabled(() => screen.getByRole('button', { name: 'Import 2 changes' }));
    expect(await screen.findByText('Import complete')).toBeInTheDocument();
    expect(screen.getByText('1 new · 1 updated · 1 unchanged · 1 refused')).toBeInTheDocument();
    expect(query(xhr.calls[1])).toEqual({ dryRun: 'false', allOrNothing: 'false' });
    expect(screen.getByRole('heading', { name: 'Imported from armeros.csv' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Import \d+ change/ })).not.toBeInTheDocument();
  });

  it('all or nothing: the confirmation is off while a row is refused', async () => {
    stubApi(base);
    stubXhr(() => ({ status: 200, body: result() }));
    await renderAdmin('/admin/shops/import');
    await choose(csvFile());
    const confirm = await screen.findByRole('button', { name: 'Import 2 changes' });
    expect(confirm).toBeEnabled();
    await userEvent
      .setup()
      .click(screen.getByRole('checkbox', { name: 'Import only if every row is valid' }));
    expect(confirm).toBeDisabled();
  });

  it('shows a file refused by the server in Spanish, from its code', async () => {
    stubApi(base);
    stubXhr(() => ({
      status: 400,
      body: {
        statusCode: 400,
        code: 'CSV_HEADER_INVALID',
        message: 'The header row is not a shops CSV header',
        error: 'Bad Request',
        params: { missing: 'phone', unknown: 'telefono', repeated: '' },
      },
    }));
    await renderAdmin('/admin/shops/import', { language: 'es' });
    await choose(csvFile(), 'Elegir archivo CSV');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo importar el archivo');
    expect(alert).toHaveTextContent('Columnas que faltan: phone. Columnas desconocidas: telefono.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('refuses a file over the size limit without sending it', async () => {
    stubApi(base);
    const xhr = stubXhr(() => ({ status: 200, body: result() }));
    await renderAdmin('/admin/shops/import');
    await choose(csvFile('big.csv', CSV_IMPORT_MAX_BYTES + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('a CSV import may be at most 20 MB');
    await waitFor(() => expect(xhr.calls).toHaveLength(0));
  });

  it('is reached from the dashboard', async () => {
    stubApi({
      ...base,
      'GET /api/admin/shops': {
        items: [],
        total: 0,
        page: 1,
        pageSize: 20,
        stats: { total: 0, verified: 0, unverified: 0 },
        categories: [],
        states: [],
      },
      'GET /api/admin/backup/stats': {},
    });
    await renderAdmin('/admin');
    await clickWhenEnabled(() => screen.getByRole('button', { name: /Import \/ Export CSV/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Import and export CSV' }),
    ).toBeInTheDocument();
  });
});
