import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubApi } from 'frontend-common/jest/msw';
import type { AdminRequestDto, AdminRequestListDto } from '../../api/generated';
import { me, renderAdmin } from '../../test/renderAdmin';

const request = (overrides: Partial<AdminRequestDto>): AdminRequestDto => ({
  id: '00000000-0000-4000-8000-000000000001',
  reference: 'K7M4-Q2XD',
  type: 'correction',
  status: 'pending',
  shopId: '00000000-0000-4000-8000-0000000000aa',
  shopName: 'Armería del Bajío',
  shopSlug: 'armeria-del-bajio-leon',
  kind: 'phone',
  currentValue: '477 111 1111',
  proposedValue: '477 222 2222',
  comment: null,
  proposedShop: null,
  submitterName: null,
  submitterEmail: null,
  duplicates: 0,
  createdAt: '2026-11-20T18:30:00.000Z',
  decidedAt: null,
  decidedBy: null,
  decisionReason: null,
  ...overrides,
});
const HOSTILE = request({
  id: '00000000-0000-4000-8000-000000000002',
  reference: 'HJKM-NPQR',
  kind: 'other',
  proposedValue: '<img src=x onerror="window.hacked=1">',
  comment: '<script>window.hacked=1</script> javascript:alert(1)',
  submitterName: '<b>Eve</b>',
});
const list = (items: AdminRequestDto[]): AdminRequestListDto => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
});
const base = { 'GET /api/auth/me': () => json(me), 'GET /api/admin/requests/pending-count': { pending: 2 } };

describe('requests page', () => {
  it('shows the current value beside the proposal, and markup a visitor typed as plain text', async () => {
    const api = stubApi({ ...base, 'GET /api/admin/requests': list([request({}), HOSTILE]) });
    await renderAdmin('/admin/requests');
    expect(await screen.findByText('K7M4-Q2XD')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Requests');
    expect(screen.getByText('477 111 1111').tagName).toBe('DEL');
    expect(screen.getByText('477 222 2222').tagName).toBe('INS');
    expect(screen.getByText('<img src=x onerror="window.hacked=1">')).toBeInTheDocument();
    expect(screen.getByText('<script>window.hacked=1</script> javascript:alert(1)')).toBeInTheDocument();
    expect(screen.getByText('<b>Eve</b>')).toBeInTheDocument();
    expect(document.querySelector('main img, main script, main b')).toBeNull();
    expect(Object.fromEntries(new URL(api.callsTo('GET /api/admin/requests')[0].url).searchParams)).toEqual({
      page: '1',
      pageSize: '20',
      status: 'pending',
    });
  });

  it('approves with an edited value and marks several as spam at once', async () => {
    const api = stubApi({
      ...base,
      'GET /api/admin/requests': list([request({}), HOSTILE]),
      'POST /api/admin/requests/:id/approve': request({ status: 'approved' }),
      'POST /api/admin/requests/spam': { marked: 2 },
    });
    const user = userEvent.setup();
    await renderAdmin('/admin/requests');
    const first = (await screen.findByText('K7M4-Q2XD')).closest('tr')!;
    await user.click(within(first).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Approve request K7M4-Q2XD');
    const value = within(dialog).getByLabelText('Value to save');
    await user.clear(value);
    await user.type(value, '477 333 3333');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const approvals = () => api.calls.filter((call) => call.url.endsWith('/approve'));
    await waitFor(() => expect(approvals()).toHaveLength(1));
    const [approved] = approvals();
    expect(new URL(approved.url).pathname).toBe(
      '/api/admin/requests/00000000-0000-4000-8000-000000000001/approve',
    );
    expect(await approved.json()).toEqual({ value: '477 333 3333' });
    await user.click(screen.getByRole('checkbox', { name: 'Select request K7M4-Q2XD' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select request HJKM-NPQR' }));
    await user.click(screen.getByRole('button', { name: 'Mark 2 as spam' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/requests/spam')).toHaveLength(1));
    expect(await api.callsTo('POST /api/admin/requests/spam')[0].json()).toEqual({
      ids: [request({}).id, HOSTILE.id],
    });
  });

  it("offers the value only for a correction that changes a field, with the field's format hint", async () => {
    const HOURS = request({
      id: '00000000-0000-4000-8000-000000000003',
      reference: 'M4Q2-XDK7',
      kind: 'hours',
      currentValue: 'Mo-Fr 09:00-18:00',
      proposedValue: 'Mo-Fr 10:00-19:00',
    });
    stubApi({ ...base, 'GET /api/admin/requests': list([request({}), HOSTILE, HOURS]) });
    const user = userEvent.setup();
    await renderAdmin('/admin/requests');
    const open = async (reference: string) => {
      const row = (await screen.findByText(reference)).closest('tr')!;
      await user.click(within(row).getByRole('button', { name: 'Approve' }));
      return screen.findByRole('dialog');
    };
    const hours = await open('M4Q2-XDK7');
    expect(within(hours).getByLabelText('Value to save')).toHaveValue('Mo-Fr 10:00-19:00');
    expect(hours).toHaveTextContent('Opening hours format: for example Mo-Fr 09:00-19:00; Sa 10:00-14:00');
    await user.click(within(hours).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const phone = await open('K7M4-Q2XD');
    expect(within(phone).getByLabelText('Value to save')).toHaveValue('477 222 2222');
    expect(phone).not.toHaveTextContent('format');
    await user.click(within(phone).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(await open('HJKM-NPQR')).queryByLabelText('Value to save')).toBeNull();
  });

  it('is reached from the dashboard, whose button says how many wait', async () => {
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
    });
    await renderAdmin('/admin', { language: 'es' });
    const button = await screen.findByRole('button', { name: /^Solicitudes \(2 pendientes\)/ });
    expect(button).toBeInTheDocument();
  });
});
