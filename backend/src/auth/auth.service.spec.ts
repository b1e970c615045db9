import { describe, expect, it } from '@jest/globals';
import type { ActivityActor } from '../activity/activity-actor.js';
import type { AdminUser } from '../admin-users/admin-user.entity.js';
import { AdminUsersService } from '../admin-users/admin-users.service.js';
import { PasswordHasher } from '../admin-users/password-hasher.service.js';
import { ACCOUNT_PROVIDERS, ADMIN_PASSWORD, actorOf, unitSuite } from '../../test/support/unit-module.js';
import { AuthService } from './auth.service.js';

const STRONG = 'tamarind lantern quietly';
const NOBODY: ActivityActor = { adminId: null, username: null, client: '203.0.113.7' };

describe('AuthService', () => {
  const unit = unitSuite([...ACCOUNT_PROVIDERS, AuthService]);
  const auth = unit.provider(AuthService);
  let admins = 0;

  const newAdmin = () => unit.addAdmin(`admin-${++admins}`);
  /** Each admin's own address: the limit per address across accounts is a rule of its own. */
  const clientOf = (admin: AdminUser) => `192.0.2.${admin.username.slice('admin-'.length)}`;
  const failedLogins = async () => (await unit.activity()).filter((entry) => entry.kind === 'login.failed');
  /** Wrong passwords for `admin` from its address, each answered null. */
  const wrongPasswords = async (admin: AdminUser, times: number, client = clientOf(admin)) => {
    for (let i = 0; i < times; i++)
      expect(await auth.validateLogin(client, admin.username, 'wrong')).toBeNull();
  };

  describe('the first admin', () => {
    it('is created without a session on an empty directory, once however many try at once', async () => {
      expect(await auth.adminExists()).toBe(false);
      const results = await Promise.allSettled(
        ['ana', 'bea', 'cris'].map((username) => auth.createAdmin({ username, password: STRONG }, NOBODY)),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      for (const result of results.filter((result) => result.status === 'rejected')) {
        expect(result.reason).toMatchObject({ status: 403, code: 'ADMIN_ALREADY_EXISTS' });
      }
      expect(await unit.get(AdminUsersService).count()).toBe(1);
      expect(await auth.adminExists()).toBe(true);
    });

    it('refuses another without a session, and lets a signed-in admin add more', async () => {
      await expect(auth.createAdmin({ username: 'dora', password: STRONG }, NOBODY)).rejects.toMatchObject({
        code: 'ADMIN_ALREADY_EXISTS',
      });
      const [first] = await unit.get(AdminUsersService).list();
      await expect(
        auth.createAdmin(
          { username: 'dora', password: STRONG },
          actorOf({ id: first.id, username: first.username }),
        ),
      ).resolves.toMatchObject({ username: 'dora' });
    });
  });

  describe('validateLogin', () => {
    it('returns the admin for the right password, whatever the username’s case and spaces', async () => {
      const admin = await newAdmin();
      await expect(
        auth.validateLogin(clientOf(admin), ` ${admin.username.toUpperCase()} `, ADMIN_PASSWORD),
      ).resolves.toMatchObject({
        id: admin.id,
      });
    });

    it('answers an unknown user like a wrong password, and logs the name tried, never the password', async () => {
      const admin = await newAdmin();
      const before = (await failedLogins()).length;
      expect(await auth.validateLogin(clientOf(admin), admin.username, 'not-the-password')).toBeNull();
      expect(
        await auth.validateLogin(clientOf(admin), `  ${'x'.repeat(150)} `, 'not-the-password'),
      ).toBeNull();
      const logged = (await failedLogins()).slice(before);
      expect(logged.map((entry) => entry.details)).toEqual([
        { username: admin.username },
        { username: 'x'.repeat(100) },
      ]);
      expect(JSON.stringify(logged)).not.toContain('not-the-password');
    });

    it('refuses the 11th attempt on one account from one address before the password is checked, and logs no refusal', async () => {
      const admin = await newAdmin();
      await wrongPasswords(admin, 10);
      const logged = (await failedLogins()).length;
      await expect(auth.validateLogin(clientOf(admin), admin.username, ADMIN_PASSWORD)).rejects.toMatchObject(
        {
          status: 429,
          code: 'TOO_MANY_LOGIN_ATTEMPTS',
          retryAfterSeconds: 15 * 60,
        },
      );
      expect(await failedLogins()).toHaveLength(logged);
      // Another address still gets its own attempts.
      await expect(auth.validateLogin('198.51.100.9', admin.username, ADMIN_PASSWORD)).resolves.toMatchObject(
        {
          id: admin.id,
        },
      );
    });

    it('clears the run of failures with a right password, unless a second factor is still to come', async () => {
      const plain = await newAdmin();
      await wrongPasswords(plain, 9);
      await auth.validateLogin(clientOf(plain), plain.username, ADMIN_PASSWORD);
      await wrongPasswords(plain, 10);

      const guarded = await newAdmin();
      await unit.enrolTotp(guarded);
      await wrongPasswords(guarded, 9);
      // The right password is no failure, but it buys no more guesses either.
      expect(await auth.validateLogin(clientOf(guarded), guarded.username, ADMIN_PASSWORD)).toMatchObject({
        id: guarded.id,
      });
      await wrongPasswords(guarded, 1);
      await expect(
        auth.validateLogin(clientOf(guarded), guarded.username, ADMIN_PASSWORD),
      ).rejects.toMatchObject({
        code: 'TOO_MANY_LOGIN_ATTEMPTS',
      });
    });

    it('refuses an address that tried 50 passwords across accounts (spraying), whichever account it tries next', async () => {
      const sprayer = '198.51.100.77';
      for (let i = 0; i < 10; i++) await wrongPasswords(await newAdmin(), 5, sprayer);
      const target = await newAdmin();
      await expect(auth.validateLogin(sprayer, target.username, ADMIN_PASSWORD)).rejects.toMatchObject({
        code: 'TOO_MANY_LOGIN_ATTEMPTS',
      });
      await expect(
        auth.validateLogin(clientOf(target), target.username, ADMIN_PASSWORD),
      ).resolves.toMatchObject({
        id: target.id,
      });
    });
  });

  describe('the password again', () => {
    it('refuses a wrong password on reauthentication, under the login limits', async () => {
      const admin = await newAdmin();
      await expect(auth.reauthenticate(admin, 'wrong', clientOf(admin))).rejects.toMatchObject({
        status: 400,
        code: 'CURRENT_PASSWORD_INCORRECT',
        details: { errors: [expect.objectContaining({ field: 'password' })] },
      });
      await expect(auth.reauthenticate(admin, ADMIN_PASSWORD, clientOf(admin))).resolves.toBeUndefined();
      await wrongPasswords(admin, 10);
      await expect(auth.reauthenticate(admin, ADMIN_PASSWORD, clientOf(admin))).rejects.toMatchObject({
        code: 'TOO_MANY_LOGIN_ATTEMPTS',
      });
    });

    it('changes one’s password once the current one is right, ending the other sessions', async () => {
      const admin = await newAdmin();
      await unit.addSession(admin.id, 'here');
      await unit.addSession(admin.id, 'elsewhere');
      const change = (currentPassword: string, confirmPassword = STRONG) =>
        auth.changePassword(
          admin,
          { currentPassword, newPassword: STRONG, confirmPassword },
          'here',
          actorOf(admin),
        );
      await expect(change('wrong')).rejects.toMatchObject({
        code: 'CURRENT_PASSWORD_INCORRECT',
        details: { errors: [expect.objectContaining({ field: 'currentPassword' })] },
      });
      await expect(change(ADMIN_PASSWORD, 'something else')).rejects.toMatchObject({
        code: 'PASSWORDS_DONT_MATCH',
      });
      await change(ADMIN_PASSWORD);
      const stored = await unit.get(AdminUsersService).findWithHash({ id: admin.id });
      expect(await unit.get(PasswordHasher).verify(stored!.passwordHash, STRONG)).toBe(true);
      expect(await unit.sessionsOf(admin.id)).toEqual(['here']);
    });

    it('limits wrong current passwords per account, counted before the hash is checked', async () => {
      const admin = await newAdmin();
      const change = (currentPassword: string) =>
        auth.changePassword(
          admin,
          { currentPassword, newPassword: STRONG, confirmPassword: STRONG },
          'here',
          actorOf(admin),
        );
      for (let i = 0; i < 10; i++)
        await expect(change('wrong')).rejects.toMatchObject({ code: 'CURRENT_PASSWORD_INCORRECT' });
      await expect(change(ADMIN_PASSWORD)).rejects.toMatchObject({
        status: 429,
        code: 'TOO_MANY_LOGIN_ATTEMPTS',
      });
    });
  });
});
