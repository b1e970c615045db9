import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, json, stubApi } from 'frontend-common/jest/msw';
import { me, renderAdmin } from '../../../test/renderAdmin';
import { adminList } from '../../../test/adminShopList';

const user = () => userEvent.setup();
const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i + 2}-efgh${i + 2}`);

describe('logging in with a second factor', () => {
  it('asks for the code after the password, shows a refusal, and logs in with the right code', async () => {
    let pending = false;
    let loggedIn = false;
    stubApi({
      'GET /api/auth/me': () => (loggedIn ? json(me) : apiError(401, 'Authentication required')),
      'GET /api/auth/status': () => json({ adminExists: true, secondFactorPending: pending }),
      'POST /api/auth/login': () => {
        pending = true;
        return json({ ...me, pendingStep: 'second-factor' });
      },
      'POST /api/auth/second-factor': async (request) => {
        const { code } = (await request.json()) as { code: string };
        if (code !== '492039')
          return apiError(400, 'The code is not valid', { code: 'SECOND_FACTOR_INVALID' });
        pending = false;
        loggedIn = true;
        return json(me);
      },
      'GET /api/admin/shops': adminList([]),
      'GET /api/admin/backup/stats': { totalShops: 0 },
    });
    await renderAdmin('/admin/login', { language: 'es' });
    fill(await screen.findByLabelText('Usuario'), 'carmen');
    fill(screen.getByLabelText('Contraseña'), 'secret1');
    await user().click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
    fill(screen.getByLabelText('Código'), '000000');
    await user().click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('El código no es válido o ya se usó.');
    fill(screen.getByLabelText('Código'), '492039');
    await user().click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Verificación en dos pasos' })).toBeNull(),
    );
  });
});

describe('the enrolment the policy requires', () => {
  it('shows only enrolment: QR code with alt text, the key as text, then the recovery codes once', async () => {
    let enrolled = false;
    stubApi({
      'GET /api/auth/me': () => json(enrolled ? me : { ...me, pendingStep: 'enrolment' }),
      'POST /api/auth/totp/enrolment': {
        secret: SECRET,
        otpauthUri: `otpauth://totp/x?secret=${SECRET}`,
        qrCode: 'data:image/png;base64,iVBORw0KGgo=',
      },
      'POST /api/auth/totp/enrolment/confirm': () => {
        enrolled = true;
        return json({ recoveryCodes: CODES });
      },
      'GET /api/admin/shops': adminList([]),
      'GET /api/admin/backup/stats': { totalShops: 0 },
    });
    await renderAdmin('/admin/users');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up a second factor' })).toBeVisible();
    expect(await screen.findByAltText(/QR code that adds the account carmen/)).toBeVisible();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(screen.queryByText('Admin Users')).toBeNull();
    fill(screen.getByLabelText('6-digit code from the app'), '123456');
    await user().click(screen.getByRole('button', { name: 'Confirm' }));
    const list = await screen.findByTestId('recovery-codes');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await user().click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByRole('heading', { name: 'ATM Admin Panel' })).toBeVisible();
  });

  it('a password login that must first set up a factor goes to enrolment without a "Login Successful"', async () => {
    let loggedIn = false;
    stubApi({
      'GET /api/auth/me': () =>
        loggedIn ? json({ ...me, pendingStep: 'enrolment' }) : apiError(401, 'Authentication required'),
      'GET /api/auth/status': { adminExists: true, secondFactorPending: false },
      'POST /api/auth/login': () => {
        loggedIn = true;
        return json({ ...me, pendingStep: 'enrolment' });
      },
      'POST /api/auth/totp/enrolment': {
        secret: SECRET,
        otpauthUri: `otpauth://totp/x?secret=${SECRET}`,
        qrCode: 'data:image/png;base64,iVBORw0KGgo=',
      },
    });
    await renderAdmin('/admin/login');
    fill(await screen.findByLabelText('Username'), 'carmen');
    fill(screen.getByLabelText('Password'), 'secret1');
    await user().click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up a second factor' })).toBeVisible();
    expect(screen.queryByText('Login Successful')).toBeNull();
  });
});
