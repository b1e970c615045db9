import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, json, stubApi } from 'frontend-common/jest/msw';
import type { ActivityEntryDto, ActivityListDto } from '../../api/generated';
import { location, makeShop, me, otherAdmin, renderAdmin } from '../../test/renderAdmin';

const SHOP_ID = '00000000-0000-4000-8000-0000000000aa';
const entry = (overrides: Partial<ActivityEntryDto>): ActivityEntryDto => ({
  id: 1,
  at: '2026-11-20T18:30:00.000Z',
  kind: 'shop.created',
  actorId: me.id,
  actorName: me.username,
  client: '203.0.113.7',
  shopId: null,
  shopName: null,
  details: null,
  ...overrides,
});
const ENTRIES: ActivityEntryDto[] = [
  entry({
    id: 3,
    kind: 'shop.verified',
    shopId: SHOP_ID,
    shopName: 'Armería del Bajío',
    details: { changes: { isVerified: { from: 'false', to: 'true' } } },
  }),
  entry({ id: 2, kind: 'login.failed', actorId: null, actorName: null, details: { username: 'root' } }),
  entry({
    id: 1,
    kind: 'shop.updated',
    actorName: 'raul',
    shopId: SHOP_ID,
    shopName: 'Armería del Bajío',
    details: { changes: { phone: { from: '+52 1', to: '+52 2' } } },
  }),
];
const page = (items: ActivityEntryDto[], total = items.length, number = 1): ActivityListDto => ({
  items,
  total,
  page: number,
  pageSize: 20,
});
const base = {
  'GET /api/auth/me': () => json(me),
  'GET /api/admin/users': [me, otherAdmin],
};
const user = () => userEvent.setup();
const rows = () => screen.getAllByRole('row').slice(1);
/** The query of the last request for the log. */
const lastQuery = (api: ReturnType<typeof stubApi>) =>
  Object.fromEntries(new URL(api.callsTo('GET /api/admin/activity').at(-1)!.url).searchParams);

describe('activity page', () => {
  it('lists who did what and when, newest first, in one h1 page with the total', async () => {
    stubApi({ ...base, 'GET /api/admin/activity': page(ENTRIES) });
    await renderAdmin('/admin/activity');
    expect(await screen.findByText('Gunsmith verified')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Activity');
    const [verified, failed, updated] = rows();
    expect(verified).toHaveTextContent('carmen');
    expect(verified).toHaveTextContent('Mark as verified gunsmith: false → true');
    expect(within(verified).getByRole('link', { name: 'Armería del Bajío' })).toHaveAttribute(
      'href',
      `/admin/shops/edit/${SHOP_ID}`,
    );
    expect(within(verified).getByText(/2026/).closest('time')).toHaveAttribute('datetime', ENTRIES[0].at);
    expect(failed).toHaveTextContent('Failed login');
    expect(failed).toHaveTextContent('Not logged in');
    expect(failed).toHaveTextContent('Username tried: root');
    expect(failed).toHaveTextContent('203.0.113.7');
    expect(updated).toHaveTextContent('raul');
    expect(updated).toHaveTextContent('Phone: +52 1 → +52 2');
    expect(screen.getByText('3 entries')).toBeInTheDocument();
  });

  it('asks the server for one kind of change, back on the first page', async () => {
    const api = stubApi({ ...base, 'GET /api/admin/activity': page(ENTRIES, 45) });
    await renderAdmin('/admin/activity?page=2');
    await screen.findByText('Gunsmith verified');
    expect(lastQuery(api)).toMatchObject({ page: '2', pageSize: '20' });
    fireEvent.mouseDown(screen.getByLabelText('What'));
    fireEvent.click(await screen.findByTitle('Verification removed'));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ kind: 'shop.unverified', page: '1' }));
    expect(location()).toBe('/admin/activity?kind=shop.unverified');
  });

  it('asks the server for who and which gunsmith once typing pauses', async () => {
    const api = stubApi({ ...base, 'GET /api/admin/activity': page(ENTRIES) });
    await renderAdmin('/admin/activity');
    await screen.findByText('Gunsmith verified');
    fireEvent.change(screen.getByLabelText('Gunsmith'), { target: { value: 'Bajío' } });
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ shop: 'Bajío' }));
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'raul' } });
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ actor: 'raul', shop: 'Bajío' }));
  });

  it('takes the days in the admin’s own time zone, "To" included, and clears every filter', async () => {
    const api = stubApi({ ...base, 'GET /api/admin/activity': page(ENTRIES) });
    await renderAdmin('/admin/activity?shop=Baj');
    await screen.findByText('Gunsmith verified');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-20' } });
    await waitFor(() =>
      expect(lastQuery(api)).toMatchObject({
        from: new Date(2026, 10, 1).toISOString(),
        to: new Date(2026, 10, 21).toISOString(),
        shop: 'Baj',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastQuery(api)).toEqual({ page: '1', pageSize: '20' }));
    expect(screen.getByLabelText('Gunsmith')).toHaveValue('');
  });

  it('does not ask while "To" comes before "From", and says why beside the field', async () => {
    const api = stubApi({ ...base, 'GET /api/admin/activity': page(ENTRIES) });
    await renderAdmin('/admin/activity?from=2026-11-20');
    await screen.findByText('Gunsmith verified');
    const asked = api.callsTo('GET /api/admin/activity').length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    expect(await screen.findByText('“To” must not be before “From”.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('GET /api/admin/activity')).toHaveLength(asked);
  });

  it('pages through the log', async () => {
    const api = stubApi({
      ...base,
      'GET /api/admin/activity': (request) =>
        new URL(request.url).searchParams.get('page') === '2'
          ? json(
              page(
                [entry({ id: 9, kind: 'backup.downloaded', details: { kind: 'full', shops: 4, images: 2 } })],
                21,
                2,
              ),
            )
          : json(page(ENTRIES, 21)),
    });
    await renderAdmin('/admin/activity');
    await screen.findByText('Gunsmith verified');
    await user().click(screen.getByRole('listitem', { name: '2' }));
    expect(await screen.findByText('Complete backup: 4 gunsmiths, 2 images')).toBeInTheDocument();
    expect(lastQuery(api)).toMatchObject({ page: '2' });
    expect(location()).toBe('/admin/activity?page=2');
  });

  it('shows the server’s refusal in the admin’s language, with a retry', async () => {
    stubApi({
      ...base,
      'GET /api/admin/activity': apiError(400, 'kind must be one of...', {
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'kind', code: 'INVALID_VALUE', message: 'kind must be one of...' }],
      }),
    });
    await renderAdmin('/admin/activity', { language: 'es' });
    expect(await screen.findByText('No se pudo cargar la actividad.')).toBeInTheDocument();
    expect(screen.getByText(/Algunos campos no son válidos/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('speaks Spanish: title, kinds and labels', async () => {
    stubApi({ ...base, 'GET /api/admin/activity': page(ENTRIES) });
    await renderAdmin('/admin/activity', { language: 'es' });
    expect(await screen.findByText('Armero verificado')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Actividad');
    expect(screen.getByLabelText('Quién')).toBeInTheDocument();
    expect(screen.getByText('Inicio de sesión fallido')).toBeInTheDocument();
    expect(screen.getByText('Sin sesión')).toBeInTheDocument();
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
      'GET /api/admin/backup/stats': { lastFullBackupAt: new Date().toISOString() },
      'GET /api/admin/activity': page(ENTRIES),
    });
    await renderAdmin('/admin');
    await user().click(await screen.findByRole('button', { name: /Activity/ }));
    expect(await screen.findByText('Gunsmith verified')).toBeInTheDocument();
    expect(location()).toBe('/admin/activity');
  });
});

describe('a shop’s history on its edit page', () => {
  it('says who changed it last and when, lists its recent changes and links to all of them', async () => {
    const shop = makeShop({ id: SHOP_ID, name: 'Armería del Bajío' });
    const api = stubApi({
      ...base,
      [`GET /api/shops/${SHOP_ID}`]: shop,
      'GET /api/admin/activity': page([ENTRIES[0], ENTRIES[2]]),
    });
    await renderAdmin(`/admin/shops/edit/${SHOP_ID}`);
    const history = await screen.findByTestId('shop-history');
    await waitFor(() => expect(history).toHaveTextContent(/Last changed by carmen on November 20, 2026/));
    expect(lastQuery(api)).toMatchObject({ shopId: SHOP_ID, pageSize: '5' });
    expect(history).toHaveTextContent('Gunsmith updated');
    await user().click(within(history).getByRole('link', { name: 'See all activity of this gunsmith' }));
    expect(await screen.findByText('Showing the history of one gunsmith')).toBeInTheDocument();
    expect(location()).toBe(`/admin/activity?shopId=${SHOP_ID}`);
  });

  it('says so when nothing was recorded yet', async () => {
    const shop = makeShop({ id: SHOP_ID });
    stubApi({ ...base, [`GET /api/shops/${SHOP_ID}`]: shop, 'GET /api/admin/activity': page([]) });
    await renderAdmin(`/admin/shops/edit/${SHOP_ID}`, { language: 'es' });
    expect(await screen.findByText('Aún no hay cambios registrados.')).toBeInTheDocument();
  });
});
