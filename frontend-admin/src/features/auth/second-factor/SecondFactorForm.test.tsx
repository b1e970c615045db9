import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, json, stubApi } from 'frontend-common/jest/msw';
import type { SecondFactorMethod } from '../../../api/generated';
import { me, renderAdmin } from '../../../test/renderAdmin';

const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

/** The login page of a browser whose password was right; the status names the account's ways. */
async function secondStep(methods: SecondFactorMethod[], language: 'es' | 'en') {
  stubApi({
    'GET /api/auth/me': () => apiError(401, 'Authentication required'),
    'GET /api/auth/status': json({
      adminExists: true,
      secondFactorPending: true,
      secondFactorMethods: methods,
    }),
  });
  await renderAdmin('/admin/login', { language });
}

describe('the second step shows only the ways the account has', () => {
  it('an authenticator app only: the code field, focused, and no passkey button nor "or"', async () => {
    await secondStep(['code'], 'en');
    const code = await screen.findByLabelText('Code');
    expect(code).toHaveFocus();
    expect(
      screen.getByText(
        'Confirm it is you: enter the 6-digit code from your authenticator app or one of your recovery codes.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Use a passkey/ })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });

  it('a passkey only: the passkey button is the focused main action, no code field nor "o"', async () => {
    await secondStep(['passkey'], 'es');
    const passkey = await screen.findByRole('button', { name: /Usar una llave de acceso/ });
    expect(passkey).toHaveFocus();
    expect(passkey).toHaveClass('ant-btn-primary');
    expect(
      screen.getByText(
        'Confirma que eres tú con tu llave de acceso: pulsa el botón y sigue las indicaciones de tu dispositivo.',
      ),
    ).toBeVisible();
    expect(screen.queryByLabelText('Código')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verificar' })).toBeNull();
    expect(screen.queryByText('o')).toBeNull();
    expect(screen.getByRole('button', { name: 'Iniciar sesión con otra cuenta' })).toBeVisible();
  });

  it('both: the code field first and focused, "o", then the passkey as the other way', async () => {
    await secondStep(['code', 'passkey'], 'es');
    expect(await screen.findByLabelText('Código')).toHaveFocus();
    expect(screen.getByText('o')).toBeVisible();
    const passkey = screen.getByRole('button', { name: /Usar una llave de acceso/ });
    expect(passkey).not.toHaveClass('ant-btn-primary');
    expect(screen.getByRole('button', { name: 'Verificar' })).toHaveClass('ant-btn-primary');
  });

  it('after the password, a passkey-only account goes straight to its passkey', async () => {
    let pending = false;
    stubApi({
      'GET /api/auth/me': () => apiError(401, 'Authentication required'),
      'GET /api/auth/status': () =>
        json(
          pending
            ? { adminExists: true, secondFactorPending: true, secondFactorMethods: ['passkey'] }
            : { adminExists: true, secondFactorPending: false },
        ),
      'POST /api/auth/login': () => {
        pending = true;
        return json({ ...me, pendingStep: 'second-factor', secondFactorMethods: ['passkey'] });
      },
    });
    await renderAdmin('/admin/login');
    fill(await screen.findByLabelText('Username'), 'carmen');
    fill(screen.getByLabelText('Password'), 'secret1');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: /Use a passkey/ })).toHaveFocus();
    expect(screen.queryByLabelText('Code')).toBeNull();
  });
});
