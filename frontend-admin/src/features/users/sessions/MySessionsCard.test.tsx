import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubApi } from 'frontend-common/jest/msw';
import { me, otherAdmin, renderAdmin } from '../../../test/renderAdmin';

const phone = {
  id: 'phone-1',
  browser: 'Chrome 131',
  os: 'Android 14',
  deviceType: 'mobile',
  address: '203.0.113.7',
  startedAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-20T11:00:00.000Z',
  current: false,
};
const desk = {
  ...phone,
  id: 'desk-1',
  browser: 'Firefox 133',
  os: 'Linux',
  deviceType: 'desktop',
  current: true,
};
const rows = () => screen.queryAllByTestId('session-row');

describe('my sessions on the users page', () => {
  it('lists my sessions, ends another one, then all others', async () => {
    let list = [desk, phone, { ...phone, id: 'tablet-1', browser: null, os: null, deviceType: 'other' }];
    const api = stubApi({
      'GET /api/auth/me': json(me),
      'GET /api/admin/users': [me],
      'GET /api/auth/sessions': () => json(list),
      'DELETE /api/auth/sessions/phone-1': () => {
        list = list.filter((row) => row.id !== 'phone-1');
        return new Response(null, { status: 204 });
      },
      'POST /api/auth/sessions/end-others': () => {
        list = [desk];
        return json({ ended: 1 });
      },
    });
    await renderAdmin('/admin/users');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByRole('heading', { name: 'My sessions' })).toBeInTheDocument();
    const mine = rows()[0];
    expect(mine).toHaveTextContent('Firefox 133 · Linux');
    expect(mine).toHaveTextContent('This session');
    expect(within(mine).queryByRole('button')).not.toBeInTheDocument();
    expect(rows()[1]).toHaveTextContent('Address: 203.0.113.7');
    expect(rows()[2]).toHaveTextContent('Unknown browser');
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'End the session on Chrome 131 · Android 14' }));
    expect(await screen.findByText('Session on Chrome 131 · Android 14 ended')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(api.callsTo('DELETE /api/auth/sessions/phone-1')).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('button', { name: /End all other sessions/ }));
    expect(await screen.findByText('1 other session ended')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('button', { name: /End all other sessions/ })).toBeDisabled();
  });

  it('ends every session of another admin after a confirmation (Spanish)', async () => {
    const api = stubApi({
      'GET /api/auth/me': json(me),
      'GET /api/admin/users': [me, otherAdmin],
      'GET /api/auth/sessions': [desk],
      [`POST /api/admin/users/${otherAdmin.id}/end-sessions`]: json({ ended: 2 }),
    });
    await renderAdmin('/admin/users', { language: 'es' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cerrar sesiones: raul' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('¿Cerrar todas las sesiones de raul?');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cerrar sesiones' }));
    expect(await screen.findByText('2 sesiones de raul cerradas')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/users/${otherAdmin.id}/end-sessions`)).toHaveLength(1);
  });
});
