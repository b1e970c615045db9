import { beforeAll, describe, expect, it } from '@jest/globals';
import type { AdminUser } from '../admin-users/admin-user.entity.js';
import { unitSuite } from '../../test/support/unit-module.js';
import { publicSessionId } from './session-device.js';
import { SessionsService } from './sessions.service.js';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

describe('SessionsService', () => {
  const unit = unitSuite([SessionsService]);
  const sessions = unit.provider(SessionsService);
  let carmen: AdminUser;
  let luis: AdminUser;

  beforeAll(async () => {
    carmen = await unit.addAdmin('carmen');
    luis = await unit.addAdmin('luis');
  });

  it('lists only live sessions, most recently used first, by public id, the current one marked', async () => {
    const now = Date.now();
    await unit.addSession(carmen.id, 'list-old', { lastSeenAt: now - 60_000 });
    await unit.addSession(carmen.id, 'list-new', {
      lastSeenAt: now,
      userAgent: ANDROID_CHROME,
      address: '198.51.100.4',
    });
    await unit.addSession(carmen.id, 'list-expired', { lastSeenAt: now + 1, expiresAt: now - 1 });
    await unit.addSession(luis.id, 'list-other', { lastSeenAt: now + 2 });

    const listed = await sessions.listOf(carmen.id, 'list-old');

    expect(listed).toEqual([
      expect.objectContaining({
        id: publicSessionId('list-new'),
        browser: 'Chrome 130',
        os: 'Android 14',
        deviceType: 'mobile',
        address: '198.51.100.4',
        lastSeenAt: new Date(now),
        current: false,
      }),
      expect.objectContaining({ id: publicSessionId('list-old'), deviceType: 'other', current: true }),
    ]);
    // The cookie's value never leaves the server.
    expect(JSON.stringify(listed)).not.toContain('list-new');
  });

  it('ends one session by its public id, but not the current one nor another admin’s', async () => {
    await unit.addSession(carmen.id, 'one-current');
    await unit.addSession(carmen.id, 'one-phone', { userAgent: ANDROID_CHROME });
    await unit.addSession(luis.id, 'one-luis');
    const end = (id: string) =>
      unit.dataSource.transaction((manager) => sessions.endOne(manager, carmen.id, id, 'one-current'));

    await expect(end(publicSessionId('one-current'))).rejects.toMatchObject({
      status: 409,
      code: 'CURRENT_SESSION',
    });
    await expect(end(publicSessionId('one-luis'))).rejects.toMatchObject({
      status: 404,
      code: 'SESSION_NOT_FOUND',
    });
    await expect(end('one-phone')).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });

    const ended = await end(publicSessionId('one-phone'));
    expect(ended).toMatchObject({ sid: 'one-phone', userAgent: ANDROID_CHROME });
    expect(await unit.sessionsOf(carmen.id)).toEqual(expect.arrayContaining(['one-current']));
    expect(await unit.sessionsOf(carmen.id)).not.toContain('one-phone');
    expect(await unit.sessionsOf(luis.id)).toContain('one-luis');
    // Ended already: a second try finds nothing.
    await expect(end(publicSessionId('one-phone'))).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
  });

  it('ends every session of one admin, or all but the caller’s own, and counts them', async () => {
    const ana = await unit.addAdmin('ana');
    for (const sid of ['all-a', 'all-b', 'all-c']) await unit.addSession(ana.id, sid);
    await unit.addSession(luis.id, 'all-luis');

    expect(await sessions.endSessionsOf(ana.id, 'all-b')).toBe(2);
    expect(await unit.sessionsOf(ana.id)).toEqual(['all-b']);
    expect(await sessions.endSessionsOf(ana.id)).toBe(1);
    expect(await unit.sessionsOf(ana.id)).toEqual([]);
    expect(await unit.sessionsOf(luis.id)).toContain('all-luis');
  });

  it('ends them inside the caller’s transaction: a change that rolls back keeps them', async () => {
    const ines = await unit.addAdmin('ines');
    await unit.addSession(ines.id, 'rolled-back');
    await expect(
      unit.dataSource.transaction(async (manager) => {
        expect(await sessions.endSessionsOf(ines.id, undefined, manager)).toBe(1);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await unit.sessionsOf(ines.id)).toEqual(['rolled-back']);
  });
});
