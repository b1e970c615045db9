import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, json, stubApi } from 'frontend-common/jest/msw';
import { clickWhenEnabled } from '../../test/clicks';
import { location, me, otherAdmin, renderAdmin } from '../../test/renderAdmin';

const base = { 'GET /api/auth/me': () => json(me) };
const user = () => userEvent.setup();
const fillIn = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const cards = () => screen.queryAllByTestId('admin-card');
const cardOf = (name: string) => cards().find((c) => within(c).queryByText(name))!;

describe('admin users', () => {
  it('shows the summary and one card per admin, "You" on mine, reset hidden for myself', async () => {
    stubApi({ ...base, 'GET /api/admin/users': [me, otherAdmin] });
    await renderAdmin('/admin/users');
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByText('Total Admins').closest('.ant-card')).toHaveTextContent('2');
    expect(screen.getByText('Active Sessions').closest('.ant-card')).toHaveTextContent('1');
    expect(screen.getByText('Secure')).toBeInTheDocument();
    const mine = cardOf('carmen');
    expect(mine).toHaveTextContent('You');
    expect(mine).toHaveTextContent('Active');
    expect(mine).toHaveTextContent('Full Admin Access');
    expect(mine).toHaveTextContent('Can manage gunsmiths and users');
    expect(within(mine).queryByRole('button', { name: /Reset Password/ })).not.toBeInTheDocument();
    expect(within(cardOf('raul')).getByRole('button', { name: /Reset Password/ })).toBeInTheDocument();
    expect(cardOf('raul')).not.toHaveTextContent('You');
  });

  it('the last admin cannot be deleted: button disabled with the note', async () => {
    stubApi({ ...base, 'GET /api/admin/users': [me] });
    await renderAdmin('/admin/users');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0]).getByRole('button', { name: /Delete/ })).toBeDisabled();
    expect(cards()[0]).toHaveTextContent('Cannot delete the last admin user');
  });

  it('deletes another admin after a confirmation that says it cannot be undone', async () => {
    let list = [me, otherAdmin];
    stubApi({
      ...base,
      'GET /api/admin/users': () => json(list),
      [`DELETE /api/admin/users/${otherAdmin.id}`]: () => {
        list = [me];
        return new Response(null, { status: 204 });
      },
    });
    await renderAdmin('/admin/users');
    await waitFor(() => expect(cards()).toHaveLength(2));
    await user().click(within(cardOf('raul')).getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete the administrator "raul"? This action cannot be undone.',
    );
    await user().click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Admin Deleted Successfully')).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0]).getByRole('button', { name: /Delete/ })).toBeDisabled();
  });

  it('deleting my own account says so and what follows, then ends the session on the login page (defect 4)', async () => {
    let sessionAlive = true;
    const api = stubApi({
      'GET /api/auth/me': () => (sessionAlive ? json(me) : apiError(401, 'Authentication required')),
      'GET /api/auth/status': { adminExists: true },
      'GET /api/admin/users': () =>
        sessionAlive ? json([me, otherAdmin]) : apiError(401, 'Authentication required'),
      [`DELETE /api/admin/users/${me.id}`]: () => {
        sessionAlive = false; // the server ends the sessions of a deleted admin
        return new Response(null, { status: 204 });
      },
    });
    await renderAdmin('/admin/users');
    await waitFor(() => expect(cards()).toHaveLength(2));
    await user().click(within(cardOf('carmen')).getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete your own account?');
    expect(dialog).toHaveTextContent('You are about to delete your own account "carmen"');
    expect(dialog).toHaveTextContent('Your session ends at once and you go back to the login page');
    await user().click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument();
    // The login page may mount twice as the ended session settles, so the heading is looked up
    // afresh rather than kept.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'ATM Admin Login' })).toBeInTheDocument());
    expect(location()).toBe('/admin/login');
    // A clean end: not the "session has ended" notice of a lost session, and nothing asked without a session.
    expect(screen.queryByText(/Your session has ended. Log in again/)).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/users')).toHaveLength(1);
  });

  it.each([
    [
      () => apiError(409, 'Cannot delete the last admin user', { code: 'LAST_ADMIN' }),
      'Cannot delete the last admin user',
    ],
    [() => new Response('', { status: 500 }), 'Failed to delete admin user. Please try again.'],
  ])('a failed delete: "Deletion Error" with the message or the fallback', async (answer, shown) => {
    stubApi({
      ...base,
      'GET /api/admin/users': [me, otherAdmin],
      [`DELETE /api/admin/users/${otherAdmin.id}`]: answer,
    });
    await renderAdmin('/admin/users');
    await waitFor(() => expect(cards()).toHaveLength(2));
    await user().click(within(cardOf('raul')).getByRole('button', { name: /Delete/ }));
    await user().click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    const title = await screen.findByText('Deletion Error');
    expect(title.closest('.ant-notification-notice')).toHaveTextContent(shown);
  });

  it('adds an admin: the form opens, checks, sends username and password, closes', async () => {
    const api = stubApi({
      ...base,
      'GET /api/admin/users': [me],
      'POST /api/admin/users': () => json(otherAdmin, 201),
    });
    await renderAdmin('/admin/users');
    await user().click(await screen.findByRole('button', { name: /Add New Admin/ }));
    const form = screen.getByText('New Administrator').closest('.ant-card') as HTMLElement;
    await clickWhenEnabled(() => within(form).getByRole('button', { name: 'Create Admin' }));
    expect(await within(form).findByText('Username is required')).toBeInTheDocument();
    // Each field's message appears on its own schedule (antd validates fields one by one).
    expect(await within(form).findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(await within(form).findByText('Please confirm your password')).toBeInTheDocument();
    fillIn(form, 'Username', 'raul');
    fillIn(form, 'Password', 'secret1');
    fillIn(form, 'Confirm Password', 'secret9');
    expect(await within(form).findByText("Passwords don't match")).toBeInTheDocument();
    fillIn(form, 'Confirm Password', 'secret1');
    await clickWhenEnabled(() => within(form).getByRole('button', { name: 'Create Admin' }));
    expect(await screen.findByText('Admin Created Successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('New Administrator')).not.toBeInTheDocument());
    expect(await api.callsTo('POST /api/admin/users')[0].json()).toEqual({
      username: 'raul',
      password: 'secret1',
    });
  });

  it('a failed creation: "Creation Error" with the server message (beside the field too) or the fallback; Cancel closes', async () => {
    let duplicate = true;
    stubApi({
      ...base,
      'GET /api/admin/users': [me],
      'POST /api/admin/users': () =>
        duplicate
          ? apiError(409, 'Username already exists', {
              code: 'USERNAME_TAKEN',
              errors: [{ field: 'username', code: 'USERNAME_TAKEN', message: 'Username already exists' }],
            })
          : new Response('', { status: 500 }),
    });
    await renderAdmin('/admin/users');
    await user().click(await screen.findByRole('button', { name: /Add New Admin/ }));
    const form = screen.getByText('New Administrator').closest('.ant-card') as HTMLElement;
    fillIn(form, 'Username', 'carmen');
    fillIn(form, 'Password', 'secret1');
    fillIn(form, 'Confirm Password', 'secret1');
    await clickWhenEnabled(() => within(form).getByRole('button', { name: 'Create Admin' }));
    const title = await screen.findByText('Creation Error');
    expect(title.closest('.ant-notification-notice')).toHaveTextContent('Username already exists');
    // The field's own message renders after the toast (antd sets field errors in a later tick).
    const usernameItem = within(form).getByLabelText('Username').closest<HTMLElement>('.ant-form-item')!;
    expect(await within(usernameItem).findByText('Username already exists')).toBeInTheDocument();
    duplicate = false;
    await clickWhenEnabled(() => within(form).getByRole('button', { name: 'Create Admin' }));
    expect(await screen.findByText('Failed to create admin user. Please try again.')).toBeInTheDocument();
    await user().click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('New Administrator')).not.toBeInTheDocument();
  });

  it("resets another admin's password with checks, and reports failure", async () => {
    let ok = true;
    const api = stubApi({
      ...base,
      'GET /api/admin/users': [me, otherAdmin],
      [`PUT /api/admin/users/${otherAdmin.id}/reset-password`]: () =>
        ok ? json(otherAdmin) : new Response('', { status: 500 }),
    });
    await renderAdmin('/admin/users');
    await waitFor(() => expect(cards()).toHaveLength(2));
    await user().click(within(cardOf('raul')).getByRole('button', { name: /Reset Password/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Reset password for raul');
    fillIn(dialog, 'New Password', '123');
    await clickWhenEnabled(() => within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await within(dialog).findByText('Password must be at least 6 characters')).toBeInTheDocument();
    fillIn(dialog, 'New Password', 'nuevo-123');
    fillIn(dialog, 'Confirm New Password', 'nuevo-124');
    expect(await within(dialog).findByText("Passwords don't match")).toBeInTheDocument();
    ok = false;
    fillIn(dialog, 'Confirm New Password', 'nuevo-123');
    await clickWhenEnabled(() => within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Failed to reset password')).toBeInTheDocument();
    ok = true;
    await clickWhenEnabled(() => within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password reset successfully for raul')).toBeInTheDocument();
    expect(await api.callsTo(`PUT /api/admin/users/${otherAdmin.id}/reset-password`)[1].json()).toEqual({
      newPassword: 'nuevo-123',
      confirmPassword: 'nuevo-123',
    });
  });

  it('changes my password: rules, server messages on their fields, otherwise a toast', async () => {
    let answer: () => Response = () =>
      apiError(400, 'Current password is incorrect', {
        code: 'CURRENT_PASSWORD_INCORRECT',
        errors: [
          {
            field: 'currentPassword',
            code: 'CURRENT_PASSWORD_INCORRECT',
            message: 'Current password is incorrect',
          },
        ],
      });
    stubApi({ ...base, 'GET /api/admin/users': [me], 'PUT /api/auth/change-password': () => answer() });
    await renderAdmin('/admin/users');
    await user().click(await screen.findByRole('button', { name: /Change My Password/ }));
    const dialog = await screen.findByRole('dialog');
    await clickWhenEnabled(() => within(dialog).getByRole('button', { name: 'Update Password' }));
    expect(await within(dialog).findByText('Current password is required')).toBeInTheDocument();
    expect(await within(dialog).findByText('Password must be at least 6 characters')).toBeInTheDocument();
    fillIn(dialog, 'Current Password', 'viejo-123');
    fillIn(dialog, 'New Password', 'nuevo-123');
    fillIn(dialog, 'Confirm New Password', 'nuevo-123');
    await clickWhenEnabled(() => within(dialog).getByRole('button', { name: 'Update Password' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Current Password').closest('.ant-form-item')).toHaveTextContent(
        'Current password is incorrect',
      ),
    );
    answer = () => apiError(400, "Passwords don't match", { code: 'PASSWORDS_DONT_MATCH' });
    fillIn(dialog, 'Current Password', 'viejo-1234');
    await clickWhenEnabled(() => within(dialog).getByRole('button', { name: 'Update Password' }));
    await waitFor(() =>
      expect(
        within(dialog).getByLabelText('Confirm New Password').closest('.ant-form-item'),
      ).toHaveTextContent("Passwords don't match"),
    );
    answer = () => new Response('', { status: 500 });
    fillIn(dialog, 'Confirm New Password', 'nuevo-123');
    await clickWhenEnabled(() => within(dialog).getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Failed to update password')).toBeInTheDocument();
    answer = () => json({ message: 'Password updated successfully' });
    await clickWhenEnabled(() => within(dialog).getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    stubApi({ ...base, 'GET /api/admin/users': [] });
    await renderAdmin('/admin/users');
    expect(await screen.findByText('No admin users yet')).toBeInTheDocument();
  });
});
