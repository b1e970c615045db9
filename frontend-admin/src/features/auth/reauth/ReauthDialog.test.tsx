import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, json, stubApi } from 'frontend-common/jest/msw';
import { clickWhenEnabled } from '../../../test/clicks';
import { me, otherAdmin, renderAdmin } from '../../../test/renderAdmin';

/** The prompt: found by its title (antd gives every dialog the same labelledby id in tests). */
const promptTitled = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest(
    '[role="dialog"]',
  ) as HTMLElement;

const reauthRequired = () =>
  apiError(403, 'Confirm it is you', { code: 'REAUTHENTICATION_REQUIRED', params: { minutes: 5 } });

describe('re-authentication before a dangerous action', () => {
  it('asks for the password, then deletes the admin without a second click', async () => {
    let confirmed = false;
    const api = stubApi({
      'GET /api/auth/me': json(me),
      'GET /api/admin/users': [me, otherAdmin],
      'GET /api/auth/sessions': [],
      'POST /api/auth/reauthenticate': async (request) => {
        const { password } = (await request.json()) as { password: string };
        if (password !== 'mi-clave-de-siempre') {
          return apiError(400, 'Current password is incorrect', {
            code: 'CURRENT_PASSWORD_INCORRECT',
            errors: [{ field: 'password', code: 'CURRENT_PASSWORD_INCORRECT', message: 'x' }],
          });
        }
        confirmed = true;
        return json({ message: 'Confirmed' });
      },
      [`DELETE /api/admin/users/${otherAdmin.id}`]: () =>
        confirmed ? new Response(null, { status: 204 }) : reauthRequired(),
    });
    await renderAdmin('/admin/users', { language: 'es' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Eliminar: raul' }));
    const confirm = await screen.findByRole('dialog');
    await userEvent.setup().click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    const prompt = await promptTitled('Confirma que eres tú');
    expect(prompt).toHaveTextContent('Esta acción necesita tu contraseña de nuevo (una vez cada 5 minutos).');
    const password = within(prompt).getByLabelText('Tu contraseña');
    fireEvent.change(password, { target: { value: 'otra-cosa' } });
    await clickWhenEnabled(() => within(prompt).getByRole('button', { name: 'Confirmar y continuar' }));
    expect(await within(prompt).findByText('La contraseña es incorrecta')).toBeInTheDocument();
    fireEvent.change(password, { target: { value: 'mi-clave-de-siempre' } });
    await clickWhenEnabled(() => within(prompt).getByRole('button', { name: 'Confirmar y continuar' }));
    expect(await screen.findByText('Administrador eliminado correctamente')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/admin/users/${otherAdmin.id}`)).toHaveLength(2);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirma que eres tú' })).not.toBeInTheDocument(),
    );
  });

  it('cancelling the prompt leaves the action undone and says why', async () => {
    const api = stubApi({
      'GET /api/auth/me': json(me),
      'GET /api/admin/users': [me, otherAdmin],
      'GET /api/auth/sessions': [],
      [`DELETE /api/admin/users/${otherAdmin.id}`]: reauthRequired,
    });
    await renderAdmin('/admin/users');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Delete: raul' }));
    await userEvent
      .setup()
      .click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const prompt = await promptTitled("Confirm it's you");
    await userEvent.setup().click(within(prompt).getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText('Confirm it is you: this action needs your password again.'),
    ).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/admin/users/${otherAdmin.id}`)).toHaveLength(1);
    expect(api.callsTo('POST /api/auth/reauthenticate')).toHaveLength(0);
  });
});
