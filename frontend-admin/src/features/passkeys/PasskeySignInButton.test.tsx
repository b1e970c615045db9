import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, stubApi } from 'frontend-common/jest/msw';
import { renderAdmin } from '../../test/renderAdmin';

const loggedOut = {
  'GET /api/auth/me': () => apiError(401, 'Authentication required'),
  'GET /api/auth/status': { adminExists: true },
};

describe('signing in with a passkey', () => {
  it.each([
    ['en', 'Sign in with a passkey', 'This browser does not support passkeys.'],
    ['es', 'Iniciar sesión con una llave de acceso', 'Este navegador no admite llaves de acceso.'],
  ])(
    'offers it on the login page (%s), and explains when the browser cannot',
    async (language, button, why) => {
      const api = stubApi({
        ...loggedOut,
        'POST /api/auth/passkeys/authentication-options': {
          options: { challenge: 'abc', rpId: 'localhost' },
        },
      });
      await renderAdmin('/admin/login', { language });
      await userEvent.setup().click(await screen.findByRole('button', { name: button }));
      expect(await screen.findByTestId('login-error')).toHaveTextContent(why);
      // Nothing was signed: the server was asked for a challenge only.
      expect(api.callsTo('POST /api/auth/passkeys/sign-in')).toHaveLength(0);
    },
  );
});
