import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, json, stubApi } from 'frontend-common/jest/msw';
import { clickWhenEnabled } from '../../test/clicks';
import { me, otherAdmin, renderAdmin } from '../../test/renderAdmin';

const fillIn = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const fieldOf = (scope: HTMLElement, label: string) =>
  within(scope).getByLabelText(label).closest('.ant-form-item');

/** The server's refusal of a password zxcvbn scores below 3, with its reason as zxcvbn's keys. */
const weak = (field: string, warning: string, suggestion: string) => () =>
  apiError(400, 'The password is too easy to guess', {
    code: 'WEAK_PASSWORD',
    params: { warning, suggestion },
    errors: [{ field, code: 'WEAK_PASSWORD', message: 'too easy', params: { warning, suggestion } }],
  });

describe('refused credentials, in the admin language', () => {
  it('says beside the new password why it is too easy to guess (Spanish)', async () => {
    stubApi({
      'GET /api/auth/me': json(me),
      'GET /api/admin/users': [me],
      // A password made of the site's own words (Armeria2024!), refused with its own reason.
      'PUT /api/auth/change-password': weak('newPassword', 'siteWords', 'anotherWord'),
    });
    await renderAdmin('/admin/users', { language: 'es' });
    await userEvent.setup().click(await screen.findByRole('button', { name: /Cambiar mi contraseña/ }));
    const dialog = await screen.findByRole('dialog');
    fillIn(dialog, 'Contraseña actual', 'vieja-clave-larga');
    fillIn(dialog, 'Nueva contraseña', 'Armeria2024!');
    fillIn(dialog, 'Confirmar nueva contraseña', 'Armeria2024!');
    await clickWhenEnabled(() => within(dialog).getByRole('button', { name: 'Actualizar contraseña' }));
    await waitFor(() =>
      expect(fieldOf(dialog, 'Nueva contraseña')).toHaveTextContent(
        'Nueva contraseña es demasiado fácil de adivinar. Las palabras de este sitio (la alianza, armería, México, sus estados) son fáciles de adivinar. Añade más palabras, menos comunes.',
      ),
    );
  });

  it('gives general advice for a reason this build does not know (English, reset dialog)', async () => {
    stubApi({
      'GET /api/auth/me': json(me),
      'GET /api/admin/users': [me, otherAdmin],
      [`PUT /api/admin/users/${otherAdmin.id}/reset-password`]: weak('newPassword', 'someNewKey', ''),
    });
    await renderAdmin('/admin/users');
    await userEvent.setup().click(await screen.findByRole('button', { name: /Reset Password/ }));
    const dialog = await screen.findByRole('dialog');
    fillIn(dialog, 'New Password', 'raul-raul');
    fillIn(dialog, 'Confirm New Password', 'raul-raul');
    await clickWhenEnabled(() => within(dialog).getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(fieldOf(dialog, 'New Password')).toHaveTextContent(
        'New Password is too easy to guess. Use a longer password: several uncommon words, for example.',
      ),
    );
  });

  it('says beside the username which administrator it looks like', async () => {
    stubApi({
      'GET /api/auth/me': json(me),
      'GET /api/admin/users': [me],
      'POST /api/admin/users': () =>
        apiError(409, 'looks like', {
          code: 'USERNAME_CONFUSABLE',
          params: { similarTo: 'carmen' },
          errors: [
            { field: 'username', code: 'USERNAME_CONFUSABLE', message: 'x', params: { similarTo: 'carmen' } },
          ],
        }),
    });
    await renderAdmin('/admin/users', { language: 'es' });
    await userEvent.setup().click(await screen.findByRole('button', { name: /Agregar nuevo administrador/ }));
    const form = (await screen.findByText('Crear administrador')).closest('form') as HTMLElement;
    fillIn(form, 'Usuario', 'cаrmen');
    fillIn(form, 'Contraseña', 'grulla-de-papel-7');
    fillIn(form, 'Confirmar contraseña', 'grulla-de-papel-7');
    await clickWhenEnabled(() => within(form).getByRole('button', { name: 'Crear administrador' }));
    await waitFor(() =>
      expect(fieldOf(form, 'Usuario')).toHaveTextContent(
        'Usuario se parece demasiado a «carmen», un administrador existente: elige uno que no pueda confundirse con él',
      ),
    );
  });
});
