import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, json, stubApi } from 'frontend-common/jest/msw';
import { adminList } from '../../test/adminShopList';
import { i18n, location, makeShop, me, renderAdmin } from '../../test/renderAdmin';

const norte = makeShop({
  name: 'Armería del Norte',
  city: 'Monterrey',
  categories: ['Caza', 'Armería', 'Municiones'],
  isVerified: 'true',
});
const sur = makeShop({
  name: 'Taller Sur',
  city: 'Mérida',
  state: 'Yucatán',
  categories: ['Mantenimiento', 'Deportivo'],
});
const recentBackup = { totalShops: 2, lastFullBackupAt: new Date().toISOString() };
const base = { 'GET /api/auth/me': () => json(me), 'GET /api/admin/backup/stats': recentBackup };
const cards = () => screen.queryAllByTestId('shop-row');
const user = () => userEvent.setup();

describe('dashboard', () => {
  it('shows the header, welcome line, three stat cards and one card per shop', async () => {
    stubApi({ ...base, 'GET /api/admin/shops': adminList([norte, sur]) });
    await renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'ATM Admin Panel' })).toBeInTheDocument();
    expect(screen.getByText('Welcome, carmen')).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByText('Total Gunsmiths').closest('.ant-card')).toHaveTextContent('2');
    expect(screen.getByText('Verified Gunsmiths').closest('.ant-card')).toHaveTextContent('1');
    expect(screen.getByText('Categories').closest('.ant-card')).toHaveTextContent('5');
    expect(screen.getByTestId('first-categories')).toHaveTextContent('Armería, Caza, Deportivo');
    expect(screen.queryByText(/No complete backup/)).not.toBeInTheDocument();
  });

  // One test per button: each renders the dashboard and one page (four lazy pages in one test
  // took over the 10 s limit on a loaded machine).
  it.each([
    ['Backup Data', '/admin/backup'],
    ['Manage Admins', '/admin/users'],
    ['Add New Gunsmith', '/admin/shops/new'],
  ])('%s leads to %s, and its Back to Dashboard comes back', async (button, path) => {
    stubApi({ ...base, 'GET /api/admin/shops': adminList([norte]), 'GET /api/admin/users': [me] });
    await renderAdmin('/admin');
    await waitFor(() => expect(cards()).toHaveLength(1));
    await user().click(screen.getByRole('button', { name: new RegExp(button) }));
    expect(location()).toBe(path);
    await user().click(await screen.findByRole('button', { name: /Back to Dashboard/ }));
    expect(location()).toBe('/admin');
    expect(await screen.findByRole('button', { name: new RegExp(button) })).toBeInTheDocument();
  });

  it("a shop's Edit leads to its form", async () => {
    stubApi({
      ...base,
      'GET /api/admin/shops': adminList([norte]),
      [`GET /api/shops/${norte.id}`]: norte,
    });
    await renderAdmin('/admin');
    await waitFor(() => expect(cards()).toHaveLength(1));
    await user().click(await screen.findByRole('button', { name: 'Edit Armería del Norte' }));
    expect(location()).toBe(`/admin/shops/edit/${norte.id}`);
  });

  it('searches once typing pauses, keeping the query in the URL', async () => {
    const api = stubApi({ ...base, 'GET /api/admin/shops': adminList([norte, sur]) });
    await renderAdmin('/admin');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const box = screen.getByLabelText('Search gunsmiths');
    for (const text of ['m', 'me', 'mer', 'meri', 'merida'])
      fireEvent.change(box, { target: { value: text } });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cards()[0]).toHaveTextContent('Taller Sur');
    expect(location()).toBe('/admin?q=merida');
    // One request for the page, one for the finished word: not one per key.
    expect(api.callsTo('GET /api/admin/shops').length).toBeLessThan(4);
    fireEvent.change(screen.getByLabelText('Search gunsmiths'), { target: { value: 'zzz' } });
    expect(await screen.findByText('No gunsmiths match this search.')).toBeInTheDocument();
  });

  it('asks for a new query once, though its request starts before the page renders for it', async () => {
    const api = stubApi({ ...base, 'GET /api/admin/shops': adminList([norte, sur]) });
    await renderAdmin('/admin?page=2&pageSize=10');
    await waitFor(() => expect(api.callsTo('GET /api/admin/shops')).toHaveLength(1));
    // The request goes out before the page has drawn its search box: wait for the box.
    fireEvent.change(await screen.findByLabelText('Search gunsmiths'), { target: { value: 'merida' } });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(location()).toBe('/admin?pageSize=10&q=merida');
    // The early request (back to page 1) and the page's own one are the same request.
    const asked = api.callsTo('GET /api/admin/shops').map((call) => new URL(call.url).search);
    expect(asked).toEqual([
      '?page=2&pageSize=10&sort=name&order=asc',
      '?page=1&pageSize=10&sort=name&order=asc&q=merida',
    ]);
  });

  it('shows the spinner over the rows only when an answer is slow', async () => {
    let answer: (() => void) | undefined;
    const list = adminList([norte, sur]);
    stubApi({
      ...base,
      'GET /api/admin/shops': async (request) => {
        if (new URL(request.url).searchParams.get('verified'))
          await new Promise<void>((resolve) => (answer = resolve));
        return list(request);
      },
    });
    await renderAdmin('/admin');
    await waitFor(() => expect(cards()).toHaveLength(2));
    const spinner = () => document.querySelector('.atm-admin__shop-table .ant-spin-spinning');
    await user().click(screen.getByRole('radio', { name: 'Verified' }));
    // The old rows stay, without a spinner, for the first 300 ms; then the spinner shows.
    expect(spinner()).toBeNull();
    await waitFor(() => expect(spinner()).not.toBeNull(), { timeout: 2000 });
    expect(cards()).toHaveLength(2);
    act(() => answer?.());
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(spinner()).toBeNull();
  });

  it('filters verified shops', async () => {
    stubApi({ ...base, 'GET /api/admin/shops': adminList([norte, sur]) });
    await renderAdmin('/admin');
    await waitFor(() => expect(cards()).toHaveLength(2));
    await user().click(screen.getByRole('radio', { name: 'Verified' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cards()[0]).toHaveTextContent('Armería del Norte');
    expect(location()).toBe('/admin?verified=true');
  });

  it('opens with the list the URL names, and sorts and pages through the URL', async () => {
    const api = stubApi({ ...base, 'GET /api/admin/shops': adminList([norte, sur]) });
    await renderAdmin('/admin?verified=true&sort=city&order=desc');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cards()[0]).toHaveTextContent('Armería del Norte');
    const asked = new URL(api.callsTo('GET /api/admin/shops')[0].url).searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      page: '1',
      pageSize: '20',
      sort: 'city',
      order: 'desc',
      verified: 'true',
    });
    await user().click(screen.getByText('Last updated'));
    await waitFor(() => expect(location()).toBe('/admin?sort=updatedAt&verified=true'));
    expect(cards()[0].querySelector('time')).toHaveAttribute('dateTime', norte.updatedAt);
  });

  it('verifies the selected shops with one confirmation and one request', async () => {
    let list = [norte, sur, makeShop({ name: 'Tercero' })];
    const api = stubApi({
      ...base,
      'GET /api/admin/shops': adminList(() => list),
      'POST /api/admin/shops/bulk': async (request) => {
        const { ids } = (await request.json()) as { ids: string[] };
        list = list.map((shop) => (ids.includes(shop.id) ? { ...shop, isVerified: 'true' } : shop));
        return json({ action: 'verify', count: ids.length });
      },
    });
    await renderAdmin('/admin');
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user().click(within(cards()[1]).getByRole('checkbox'));
    await user().click(within(cards()[2]).getByRole('checkbox'));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('2 selected');
    await user().click(screen.getByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Mark 2 gunsmiths as verified?');
    await user().click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('2 gunsmiths verified')).toBeInTheDocument();
    const [bulk] = api.callsTo('POST /api/admin/shops/bulk');
    expect(await bulk.json()).toEqual({ action: 'verify', ids: [list[1].id, list[2].id] });
    await waitFor(() =>
      expect(screen.getByText('Verified Gunsmiths').closest('.ant-card')).toHaveTextContent('3'),
    );
    expect(screen.queryByTestId('selected-count')).not.toBeInTheDocument();
  });

  it('deletes after confirmation, refetches the list and toasts', async () => {
    let list = [norte, sur];
    const api = stubApi({
      ...base,
      'GET /api/admin/shops': adminList(() => list),
      [`DELETE /api/admin/shops/${sur.id}`]: () => {
        list = [norte];
        return new Response(null, { status: 204 });
      },
    });
    await renderAdmin('/admin');
    await waitFor(() => expect(cards()).toHaveLength(2));
    await user().click(screen.getByRole('button', { name: 'Delete Taller Sur' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete "Taller Sur"? This action cannot be undone.',
    );
    await user().click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Gunsmith Deleted Successfully')).toBeInTheDocument();
    expect(
      screen.getByText('The gunsmith has been removed and the list has been updated.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(api.callsTo('GET /api/admin/shops')).toHaveLength(2);
    // The deleted row's button is gone: focus is on the list's heading, not on nothing.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Gunsmiths' })).toHaveFocus());
  });

  // Delete and then a reflexive Enter deleted the shop at once.
  it('starts the delete confirmation on Cancel, so Delete then Enter deletes nothing', async () => {
    const api = stubApi({ ...base, 'GET /api/admin/shops': adminList([sur]) });
    await renderAdmin('/admin');
    await waitFor(() => expect(cards()).toHaveLength(1));
    await user().click(screen.getByRole('button', { name: 'Delete Taller Sur' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user().keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`DELETE /api/admin/shops/${sur.id}`)).toHaveLength(0);
    expect(cards()).toHaveLength(1);
  });

  // Each page has its own <title>, in the admin's language.
  it('gives the page its own document title in the current language', async () => {
    stubApi({ ...base, 'GET /api/admin/shops': adminList([]) });
    await renderAdmin('/admin');
    await screen.findByRole('heading', { name: 'ATM Admin Panel' });
    expect(document.title).toBe('ATM Admin Panel | ATM Gunsmiths');
    await act(() => i18n.changeLanguage('es'));
    expect(document.title).toBe('Panel de Administración ATM | ATM Armeros');
    await act(() => i18n.changeLanguage('en'));
  });

  it.each([
    [() => apiError(404, 'Shop not found'), 'Shop not found'],
    [() => new Response('', { status: 502 }), 'Failed to delete gunsmith. Please try again.'],
  ])('a failed delete shows "Deletion Error" with the message or the fallback', async (answer, shown) => {
    stubApi({
      ...base,
      'GET /api/admin/shops': adminList([sur]),
      [`DELETE /api/admin/shops/${sur.id}`]: answer,
    });
    await renderAdmin('/admin');
    await waitFor(() => expect(cards()).toHaveLength(1));
    await user().click(screen.getByRole('button', { name: 'Delete Taller Sur' }));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deletion Error')).toBeInTheDocument();
    expect(screen.getByText(shown)).toBeInTheDocument();
  });

  it('shows the empty state with Add First Gunsmith', async () => {
    stubApi({ ...base, 'GET /api/admin/shops': adminList([]) });
    await renderAdmin('/admin');
    expect(await screen.findByText('No gunsmiths yet')).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: /Add First Gunsmith/ }));
    expect(location()).toBe('/admin/shops/new');
  });

  it('reminds of a backup when there was none or it is older than 3 months', async () => {
    stubApi({
      ...base,
      'GET /api/admin/backup/stats': { ...recentBackup, lastFullBackupAt: null },
      'GET /api/admin/shops': adminList([]),
    });
    await renderAdmin('/admin');
    expect(await screen.findByText(/No complete backup has been made yet/)).toBeInTheDocument();
  });

  it('shows its buttons only with the reminder above them, so that it does not push them down later', async () => {
    let listSent = false;
    let answerStats!: () => void;
    const statsAsked = new Promise<void>((resolve) => (answerStats = resolve));
    const api = stubApi({
      ...base,
      'GET /api/admin/requests/pending-count': { pending: 0 },
      'GET /api/admin/backup/stats': async () => {
        await statsAsked;
        return json({ ...recentBackup, lastFullBackupAt: null });
      },
      'GET /api/admin/shops': (request) => {
        listSent = true;
        return adminList([norte])(request);
      },
    });
    await renderAdmin('/admin');
    await waitFor(() => expect(listSent).toBe(true));
    // The list has come, the stats have not: no button yet, where the reminder would appear above it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button', { name: /Backup Data/ })).not.toBeInTheDocument();
    expect(cards()).toHaveLength(0);
    // The button's count is asked for with the page's other requests, not once the button shows.
    expect(api.callsTo('GET /api/admin/requests/pending-count')).toHaveLength(1);
    answerStats();
    const reminder = await screen.findByText(/No complete backup has been made yet/);
    const backupButton = screen.getByRole('button', { name: /Backup Data/ });
    expect(reminder.compareDocumentPosition(backupButton) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('counts a recent automatic backup (no reminder) and shows a failed automatic backup', async () => {
    stubApi({
      ...base,
      'GET /api/admin/backup/stats': {
        ...recentBackup,
        lastAutomaticBackupAt: recentBackup.lastFullBackupAt,
        automaticBackupFailedAt: '2026-11-20T09:00:00.000Z',
      },
      'GET /api/admin/shops': adminList([]),
    });
    await renderAdmin('/admin');
    const alert = await screen.findByTestId('automatic-backup-failed');
    expect(alert).toHaveTextContent('The automatic backup of November 20, 2026 failed');
    expect(screen.queryByText(/No complete backup has been made yet/)).not.toBeInTheDocument();
    expect(screen.queryByText(/more than 3 months ago/)).not.toBeInTheDocument();
  });

  it('logs out: toast, session data dropped, back to /admin/login', async () => {
    let loggedIn = true;
    const api = stubApi({
      ...base,
      'GET /api/auth/me': () => (loggedIn ? json(me) : apiError(401, 'Authentication required')),
      'GET /api/admin/shops': adminList([norte]),
      'POST /api/auth/logout': () => {
        loggedIn = false;
        return json({ message: 'You have been successfully logged out.' });
      },
    });
    const { store } = await renderAdmin('/admin');
    await waitFor(() => expect(cards()).toHaveLength(1));
    await user().click(screen.getByRole('button', { name: /Logout/ }));
    expect(await screen.findByText('Logged Out')).toBeInTheDocument();
    expect(screen.getByText('You have been successfully logged out.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin/login'));
    expect(await screen.findByRole('heading', { name: 'ATM Admin Login' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        Object.keys(store.getState().adminApi.queries).find((key) => key.startsWith('getAdminShops')),
      ).toBeUndefined(),
    );
    expect(api.callsTo('GET /api/admin/shops')).toHaveLength(1);
  });

  it('a failed logout shows the message or "Logout failed"', async () => {
    stubApi({
      ...base,
      'GET /api/admin/shops': adminList([]),
      'POST /api/auth/logout': () => new Response('', { status: 500 }),
    });
    await renderAdmin('/admin');
    await user().click(await screen.findByRole('button', { name: /Logout/ }));
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(location()).toBe('/admin');
  });

  it('switches the admin texts with the language', async () => {
    stubApi({ ...base, 'GET /api/admin/shops': adminList([norte]) });
    await renderAdmin('/admin', { language: 'es' });
    expect(await screen.findByRole('heading', { name: 'Panel de Administración ATM' })).toBeInTheDocument();
    expect(screen.getByText('Bienvenido, carmen')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Agregar nuevo armero/ })).toBeInTheDocument();
    await user().click(screen.getByRole('radio', { name: 'EN' }));
    expect(await screen.findByRole('heading', { name: 'ATM Admin Panel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add New Gunsmith/ })).toBeInTheDocument();
    expect(i18n.language).toBe('en');
    await act(() => i18n.changeLanguage('es'));
    expect(await screen.findByText('Total de armeros')).toBeInTheDocument();
  });
});
