import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, json, stubApi } from 'frontend-common/jest/msw';
import { me, renderAdmin } from '../../test/renderAdmin';

const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('a passkey as the second step', () => {
  it.each([
    ['en', 'Username', 'Password', 'Login', 'Use a passkey', 'This browser does not support passkeys.'],
    [
      'es',
      'Usuario',
      'Contraseña',
      'Iniciar sesión',
      'Usar una llave de acceso',
      'Este navegador no admite llaves de acceso.',
    ],
  ])(
    'is offered beside the code after the password (%s), and explains when the browser cannot',
    async (language, username, password, login, button, why) => {
      let pending = false;
      const api = stubApi({
        'GET /api/auth/me': () => apiError(401, 'Authentication required'),
        'GET /api/auth/status': () => json({ adminExists: true, secondFactorPending: pending }),
        'POST /api/auth/login': () => {
          pending = true;
          return json({ ...me, pendingStep: 'second-factor' });
        },
        'POST /api/auth/second-factor/passkey/options': {
          options: { challenge: 'abc', rpId: 'localhost', allowCredentials: [] },
        },
      });
      await renderAdmin('/admin/login', { language });
      fill(await screen.findByLabelText(username), 'carmen');
      fill(screen.getByLabelText(password), 'secret1');
      await userEvent.setup().click(screen.getByRole('button', { name: login }));
      await userEvent.setup().click(await screen.findByRole('button', { name: button }));
      expect(await screen.findByTestId('login-error')).toHaveTextContent(why);
      // The username-less sign-in is not offered at this step, and nothing was signed.
      expect(
        screen.queryByRole('button', { name: /Sign in with a passkey|Iniciar sesión con una llave/ }),
      ).toBeNull();
      expect(api.callsTo('POST /api/auth/second-factor/passkey')).toHaveLength(0);
    },
  );

  it('the enrolment the policy requires offers a passkey besides the app', async () => {
    stubApi({
      'GET /api/auth/me': () => json({ ...me, pendingStep: 'enrolment' }),
      'POST /api/auth/totp/enrolment': {
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
        qrCode: 'data:image/png;base64,iVBORw0KGgo=',
      },
      'POST /api/auth/passkeys/registration-options': { options: { challenge: 'abc' } },
    });
    await renderAdmin('/admin/users', { language: 'es' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Usar una llave de acceso' })).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Agregar llave de acceso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva llave de acceso' });
    expect(dialog).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Configurar una app de autenticación' }),
    ).toBeVisible();
  });
});
