import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, json, stubApi } from 'frontend-common/jest/msw';
import { clickWhenEnabled } from '../../test/clicks';
import { location, makeShop, me, renderAdmin } from '../../test/renderAdmin';
import { adminList } from '../../test/adminShopList';

const user = () => userEvent.setup();
const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const loggedOut = { 'GET /api/auth/me': () => apiError(401, 'Authentication required') };

describe('route guard', () => {
  it('shows a spinner while /api/auth/me loads, then the login screen to a visitor', async () => {
    // Held until the test answers; the promise exists before the request does, so answering
    // cannot run ahead of the request reaching the handler.
    let answer: (r: Response) => void = () => {};
    const session = new Promise<Response>((resolve) => (answer = resolve));
    stubApi({ 'GET /api/auth/me': () => session });
    await renderAdmin('/admin/users');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session...');
    expect(document.querySelector('.ant-spin')).toBeInTheDocument();
    await act(async () => answer(apiError(401, 'Authentication required')));
    expect(await screen.findByRole('heading', { name: 'ATM Admin Login' })).toBeInTheDocument();
    expect(screen.queryByText('Admin Users')).not.toBeInTheDocument();
  });

  it.each(['/admin', '/admin/shops/new', '/admin/shops/edit/abc', '/admin/users', '/admin/backup'])(
    '%s shows the login screen without a session',
    async (url) => {
      const api = stubApi(loggedOut);
      await renderAdmin(url);
      expect(await screen.findByRole('heading', { name: 'ATM Admin Login' })).toBeInTheDocument();
      // Nothing protected was asked for (the login page asks the public status).
      const asked = api.calls.map((r) => new URL(r.url).pathname);
      expect(asked.filter((path) => path !== '/api/auth/status')).toEqual(['/api/auth/me']);
    },
  );

  it('a 401 from any call brings the login screen back; logging in again keeps the page', async () => {
    let sessionAlive = true;
    const api = stubApi({
      'GET /api/auth/me': () => json(me),
      'GET /api/auth/status': { adminExists: true },
      'GET /api/admin/shops': adminList([makeShop({ name: 'Armería del Norte' })]),
      // The session ends on the server: the next call answers 401.
      'GET /api/admin/backup/stats': () => {
        if (!sessionAlive) return json({ totalShops: 1, lastFullBackupAt: new Date().toISOString() });
        sessionAlive = false;
        return apiError(401, 'Authentication required');
      },
      'POST /api/auth/login': () => json(me),
    });
    await renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'ATM Admin Login' })).toBeInTheDocument();
    expect(screen.getByText(/Your session has ended/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'ATM Admin Panel' })).not.toBeInTheDocument();
    fill(screen.getByLabelText('Username'), 'carmen');
    fill(screen.getByLabelText('Password'), 'secret1');
    await user().click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'ATM Admin Panel' })).toBeVisible();
    expect(screen.getByText('Welcome, carmen')).toBeVisible();
    expect(location()).toBe('/admin');
    // What failed while logged out is asked again.
    await waitFor(() => expect(api.callsTo('GET /api/admin/backup/stats')).toHaveLength(2));
  });
});

describe('login page', () => {
  it('logs in, toasts and goes to /admin', async () => {
    const api = stubApi({
      ...loggedOut,
      'POST /api/auth/login': json(me),
      'GET /api/admin/shops': adminList([]),
      'GET /api/admin/backup/stats': json({}),
    });
    await renderAdmin('/admin/login');
    fill(await screen.findByLabelText('Username'), 'carmen');
    fill(screen.getByLabelText('Password'), 'secret1');
    await user().click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login Successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome to ATM Admin Panel!')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin'));
    const [login] = api.callsTo('POST /api/auth/login');
    expect(await login.json()).toEqual({ username: 'carmen', password: 'secret1' });
    expect(login.credentials).toBe('include');
    expect(login.headers.get('Content-Type')).toBe('application/json');
  });

  it('requires username and password', async () => {
    stubApi(loggedOut);
    await renderAdmin('/admin/login');
    await user().click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
  });

  it('shows a failed login as a toast and an alert with the server message', async () => {
    stubApi({ ...loggedOut, 'POST /api/auth/login': () => apiError(401, 'Invalid credentials') });
    await renderAdmin('/admin/login');
    fill(await screen.findByLabelText('Username'), 'carmen');
    fill(screen.getByLabelText('Password'), 'wrong!');
    await user().click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByTestId('login-error')).toHaveTextContent('Invalid credentials');
    expect(location()).toBe('/admin/login');
  });

  it('falls back to "Invalid credentials" when the server says nothing, and shows a 429 message as is', async () => {
    let status = 500;
    stubApi({
      ...loggedOut,
      'POST /api/auth/login': () =>
        status === 500
          ? new Response('boom', { status: 500 })
          : apiError(429, 'Too many failed login attempts. Please wait 15 minutes and try again.'),
    });
    await renderAdmin('/admin/login');
    fill(await screen.findByLabelText('Username'), 'carmen');
    fill(screen.getByLabelText('Password'), 'wrong!');
    await user().click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('login-error')).toHaveTextContent('Invalid credentials'));
    status = 429;
    await clickWhenEnabled(() => screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(screen.getByTestId('login-error')).toHaveTextContent(
        'Too many failed login attempts. Please wait 15 minutes',
      ),
    );
  });

  it('create mode: titles, cleared fields, confirmation rules, success back to login mode (not logged in)', async () => {
    let adminExists = false;
    const api = stubApi({
      ...loggedOut,
      'GET /api/auth/status': () => json({ adminExists }),
      'POST /api/auth/create-admin': () => {
        adminExists = true;
        return json({ ...me, username: 'first' }, 201);
      },
    });
    await renderAdmin('/admin/login');
    fill(await screen.findByLabelText('Username'), 'leftover');
    await user().click(await screen.findByRole('button', { name: 'Create Admin Account' }));
    expect(screen.getByRole('heading', { name: 'Create Admin User' })).toBeInTheDocument();
    expect(screen.getByText('Create the first administrator account')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('');

    await user().click(screen.getByRole('button', { name: 'Create Admin' }));
    expect(await screen.findByText('Please confirm your password')).toBeInTheDocument();
    fill(screen.getByLabelText('Username'), 'first');
    fill(screen.getByLabelText('Password'), 'secret1');
    fill(screen.getByLabelText('Confirm Password'), 'secret2');
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    fill(screen.getByLabelText('Confirm Password'), 'secret1');
    await user().click(screen.getByRole('button', { name: 'Create Admin' }));
    expect(await screen.findByText('Admin Created')).toBeInTheDocument();
    expect(screen.getByText('Admin user created successfully. You can now login.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'ATM Admin Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('');
    // An admin exists now: the page stops offering to create one (defect 2).
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Create Admin Account' })).toBeNull());
    expect(api.callsTo('GET /api/auth/me')).toHaveLength(1); // creating does not refresh the session
    expect(location()).toBe('/admin/login');
  });

  it('offers "Create Admin Account" only while no administrator exists (defect 2)', async () => {
    const api = stubApi({ ...loggedOut, 'GET /api/auth/status': { adminExists: true } });
    await renderAdmin('/admin/login');
    await waitFor(() => expect(api.callsTo('GET /api/auth/status')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Create Admin Account' })).not.toBeInTheDocument();
  });

  it('create-admin failure: toast "Error" with the fallback, or the translated code; a lost race hides the offer', async () => {
    let adminExists = false;
    let failure: () => Response = () => new Response('', { status: 500 });
    stubApi({
      ...loggedOut,
      'GET /api/auth/status': () => json({ adminExists }),
      'POST /api/auth/create-admin': () => failure(),
    });
    await renderAdmin('/admin/login', { language: 'es' });
    await user().click(await screen.findByRole('button', { name: 'Crear cuenta de administrador' }));
    fill(screen.getByLabelText('Usuario'), 'first');
    fill(screen.getByLabelText('Contraseña'), 'secret1');
    fill(screen.getByLabelText('Confirmar contraseña'), 'secret1');
    await user().click(screen.getByRole('button', { name: 'Crear administrador' }));
    expect(await screen.findByText('No se pudo crear el usuario administrador')).toBeInTheDocument();
    // Another browser created the first admin in the meantime.
    adminExists = true;
    failure = () =>
      apiError(
        403,
        'An administrator already exists. Log in as an administrator to create more administrator accounts.',
        {
          code: 'ADMIN_ALREADY_EXISTS',
        },
      );
    await clickWhenEnabled(() => screen.getByRole('button', { name: 'Crear administrador' }));
    const toast = await screen.findByText(/Ya existe un administrador/);
    expect(
      within(toast.closest('.ant-notification-notice') as HTMLElement).getByText('Error'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Crear cuenta de administrador' })).toBeNull(),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Acceso de Administración ATM');
  });
});

describe('unknown admin path', () => {
  it('shows "404 Page Not Found" with a way back', async () => {
    stubApi(loggedOut);
    await renderAdmin('/admin/nothing-here');
    expect(await screen.findByText('404 Page Not Found')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Go to the Admin Panel' }));
    expect(location()).toBe('/admin');
  });
});

describe('session check failure', () => {
  it('offers a retry when /api/auth/me cannot be reached', async () => {
    let up = false;
    stubApi({
      'GET /api/auth/me': () =>
        up ? apiError(401, 'Authentication required') : new Response('', { status: 502 }),
    });
    await renderAdmin('/admin');
    expect(
      await screen.findByText('The session could not be checked. Check the connection and try again.'),
    ).toBeInTheDocument();
    up = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'ATM Admin Login' })).toBeInTheDocument();
  });
});
