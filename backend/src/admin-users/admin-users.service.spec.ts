import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ACCOUNT_PROVIDERS, actorOf, unitSuite } from '../../test/support/unit-module.js';
import type { ActivityActor } from '../activity/activity-actor.js';
import { AdminUser } from './admin-user.entity.js';
import { AdminUsersService } from './admin-users.service.js';
import { PasswordHasher } from './password-hasher.service.js';

const STRONG = 'tamarind lantern quietly';
const ANONYMOUS: ActivityActor = { adminId: null, username: null, client: '203.0.113.7' };

describe('AdminUsersService', () => {
  const unit = unitSuite(ACCOUNT_PROVIDERS);
  const users = unit.provider(AdminUsersService);

  const passwordWorks = async (id: string, password: string) =>
    unit.get(PasswordHasher).verify((await users.findWithHash({ id }))!.passwordHash, password);

  describe('create', () => {
    it('keeps the admin with an argon2 hash, answers without it, and logs who was created', async () => {
      const created = await users.create(
        { username: 'Carmen', password: STRONG, confirmPassword: STRONG },
        ANONYMOUS,
      );
      expect(created).toEqual({ id: expect.any(String), username: 'Carmen', createdAt: expect.any(Date) });
      expect(JSON.stringify(created)).not.toContain('argon2');
      expect((await users.findWithHash({ username: 'carmen' }))?.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await passwordWorks(created.id, STRONG)).toBe(true);
      expect((await unit.activity()).at(-1)).toEqual({
        kind: 'admin.created',
        actorName: null,
        details: { adminId: created.id, username: 'Carmen' },
      });
    });

    it('refuses a confirmation that differs, a name taken in any case, or one that looks like it', async () => {
      await users.create({ username: 'luis', password: STRONG }, ANONYMOUS);
      await expect(
        users.create({ username: 'ana', password: STRONG, confirmPassword: `${STRONG}!` }, ANONYMOUS),
      ).rejects.toMatchObject({
        status: 400,
        code: 'PASSWORDS_DONT_MATCH',
        details: { errors: [expect.objectContaining({ field: 'confirmPassword' })] },
      });
      await expect(users.create({ username: 'LUIS', password: STRONG }, ANONYMOUS)).rejects.toMatchObject({
        status: 409,
        code: 'USERNAME_TAKEN',
        details: { errors: [expect.objectContaining({ field: 'username', code: 'USERNAME_TAKEN' })] },
      });
      // A Cyrillic і in place of the Latin i.
      await expect(users.create({ username: 'luіs', password: STRONG }, ANONYMOUS)).rejects.toMatchObject({
        status: 409,
        code: 'USERNAME_CONFUSABLE',
        details: { params: { similarTo: 'luis' } },
      });
      expect((await users.list()).map((user) => user.username)).not.toContain('ana');
    });

    it('judges the password with the username, and names the field', async () => {
      await expect(
        users.create({ username: 'sofia', password: 'sofia-and-a-long-tail' }, ANONYMOUS),
      ).rejects.toMatchObject({
        code: 'WEAK_PASSWORD',
        details: { errors: [expect.objectContaining({ field: 'password' })] },
      });
    });

    it('creates nothing when the claim that opens its transaction refuses', async () => {
      const before = (await unit.activity()).length;
      await expect(
        users.create({ username: 'marta', password: STRONG }, ANONYMOUS, async () => {
          throw new Error('claimed already');
        }),
      ).rejects.toThrow('claimed already');
      expect(await users.findWithHash({ username: 'marta' })).toBeNull();
      expect(await unit.activity()).toHaveLength(before);
    });

    it('gives one of two racing creations of a name the account, and the other USERNAME_TAKEN', async () => {
      const results = await Promise.allSettled([
        users.create({ username: 'twin', password: STRONG }, ANONYMOUS),
        users.create({ username: 'twin', password: STRONG }, ANONYMOUS),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(results.find((result) => result.status === 'rejected')).toMatchObject({
        reason: { code: 'USERNAME_TAKEN' },
      });
    });
  });

  describe('passwords and sessions', () => {
    it('resets another admin’s password and ends all their sessions, never one’s own', async () => {
      const boss = await unit.addAdmin('boss');
      const clerk = await unit.addAdmin('clerk');
      await unit.addSession(clerk.id, 'clerk-1');
      await unit.addSession(clerk.id, 'clerk-2');
      await expect(
        users.resetPassword(actorOf(boss), boss.id, { newPassword: STRONG, confirmPassword: STRONG }),
      ).rejects.toMatchObject({
        status: 403,
        code: 'OWN_PASSWORD_RESET',
      });
      await expect(
        users.resetPassword(actorOf(boss), randomUUID(), { newPassword: STRONG, confirmPassword: STRONG }),
      ).rejects.toMatchObject({
        status: 404,
        code: 'ADMIN_NOT_FOUND',
      });
      await expect(
        users.resetPassword(actorOf(boss), clerk.id, {
          newPassword: 'clerk-forever-and-ever',
          confirmPassword: 'clerk-forever-and-ever',
        }),
      ).rejects.toMatchObject({
        code: 'WEAK_PASSWORD',
        details: { errors: [expect.objectContaining({ field: 'newPassword' })] },
      });

      await users.resetPassword(actorOf(boss), clerk.id, { newPassword: STRONG, confirmPassword: STRONG });

      expect(await passwordWorks(clerk.id, STRONG)).toBe(true);
      expect(await unit.sessionsOf(clerk.id)).toEqual([]);
      expect((await unit.activity()).at(-1)).toEqual({
        kind: 'admin.password_reset',
        actorName: 'boss',
        details: { adminId: clerk.id, username: 'clerk' },
      });
    });

    it('sets one’s own password and ends one’s other sessions, keeping this one', async () => {
      const ines = await unit.addAdmin('ines');
      await unit.addSession(ines.id, 'ines-here');
      await unit.addSession(ines.id, 'ines-elsewhere');
      await users.setPassword(ines, STRONG, 'ines-here', {
        kind: 'account.password_changed',
        actor: actorOf(ines),
      });
      expect(await passwordWorks(ines.id, STRONG)).toBe(true);
      expect(await unit.sessionsOf(ines.id)).toEqual(['ines-here']);
      expect((await unit.activity()).at(-1)).toMatchObject({
        kind: 'account.password_changed',
        actorName: 'ines',
      });
    });

    it('ends another admin’s sessions and logs how many', async () => {
      const boss = await unit.addAdmin('boss-2');
      const pedro = await unit.addAdmin('pedro');
      await unit.addSession(pedro.id, 'pedro-1');
      await unit.addSession(pedro.id, 'pedro-2');
      expect(await users.endSessions(actorOf(boss), pedro.id)).toBe(2);
      expect((await unit.activity()).at(-1)).toMatchObject({
        kind: 'admin.sessions_ended',
        details: { adminId: pedro.id, username: 'pedro', count: 2 },
      });
      await expect(users.endSessions(actorOf(boss), randomUUID())).rejects.toMatchObject({
        code: 'ADMIN_NOT_FOUND',
      });
    });
  });

  describe('delete', () => {
    it('deletes an admin, ends their sessions and logs it', async () => {
      const boss = await unit.addAdmin('boss-3');
      const gone = await unit.addAdmin('gone');
      await unit.addSession(gone.id, 'gone-1');
      await users.delete(gone.id, actorOf(boss));
      expect(await users.findById(gone.id)).toBeNull();
      expect(await unit.sessionsOf(gone.id)).toEqual([]);
      expect((await unit.activity()).at(-1)).toEqual({
        kind: 'admin.deleted',
        actorName: 'boss-3',
        details: { adminId: gone.id, username: 'gone' },
      });
      await expect(users.delete(gone.id, actorOf(boss))).rejects.toMatchObject({
        status: 404,
        code: 'ADMIN_NOT_FOUND',
      });
    });

    it('never deletes the last admin, even when the last two delete each other at once', async () => {
      await unit.dataSource.getRepository(AdminUser).clear();
      const [a, b] = [await unit.addAdmin('first'), await unit.addAdmin('second')];
      const results = await Promise.allSettled([
        users.delete(a.id, actorOf(b)),
        users.delete(b.id, actorOf(a)),
      ]);
      expect(results.find((result) => result.status === 'rejected')).toMatchObject({
        reason: { status: 409, code: 'LAST_ADMIN' },
      });
      expect(await users.count()).toBe(1);
      const [last] = await users.list();
      await expect(users.delete(last.id, actorOf(last))).rejects.toMatchObject({ code: 'LAST_ADMIN' });
    });
  });
});
