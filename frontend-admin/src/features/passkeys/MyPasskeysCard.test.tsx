import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, stubApi } from 'frontend-common/jest/msw';
import { me, renderAdmin } from '../../test/renderAdmin';

const laptop = {
  id: 'pk-1',
  name: 'Laptop',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-21T09:30:00.000Z',
};
const phone = { id: 'pk-2', name: 'Phone', createdAt: '2026-11-22T10:00:00.000Z', lastUsedAt: null };
const rows = () => screen.queryAllByTestId('passkey-row');

describe('my passkeys on the users page', () => {
  it('lists my passkeys with their dates, and removes one after a confirmation', async () => {
    let list = [laptop, phone];
    const api = stubApi({
      'GET /api/auth/me': json(me),
      'GET /api/admin/users': [me],
      'GET /api/auth/sessions': [],
      'GET /api/auth/passkeys': () => json(list),
      'DELETE /api/auth/passkeys/pk-2': () => {
        list = [laptop];
        return new Response(null, { status: 204 });
      },
    });
    await renderAdmin('/admin/users');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('heading', { name: 'Passkeys' })).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent('Laptop');
    expect(rows()[0]).toHaveTextContent('Last used: Nov 21, 2026');
    expect(rows()[1]).toHaveTextContent('Not used yet');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove the passkey Phone' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('“Phone” will no longer sign you in, and your other sessions will end.');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Passkey “Phone” removed')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.callsTo('DELETE /api/auth/passkeys/pk-2')).toHaveLength(1);
  });

  it('asks for a name, and says so when the browser cannot make passkeys (in Spanish)', async () => {
    stubApi({
      'GET /api/auth/me': json(me),
      'GET /api/admin/users': [me],
      'GET /api/auth/sessions': [],
      'GET /api/auth/passkeys': [],
      'POST /api/auth/passkeys/registration-options': json({ options: { challenge: 'abc' } }),
    });
    await renderAdmin('/admin/users', { language: 'es' });
    expect(await screen.findByText('Aún no tienes llaves de acceso.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Agregar llave de acceso' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Crear llave' }));
    expect(await within(dialog).findByText('Escribe un nombre para la llave de acceso')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Nombre de la llave'), 'Laptop');
    await user.click(within(dialog).getByRole('button', { name: 'Crear llave' }));
    // jsdom has no WebAuthn, as an old browser would not.
    expect(await within(dialog).findByText('Este navegador no admite llaves de acceso.')).toBeInTheDocument();
  });
});
