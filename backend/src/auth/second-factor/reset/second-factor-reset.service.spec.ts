import { describe, expect, it } from '@jest/globals';
import { SERVER_ACTOR } from '../../../activity/activity-actor.js';
import { ACCOUNT_PROVIDERS, actorOf, unitSuite } from '../../../../test/support/unit-module.js';
import { RecoveryCodesService } from '../recovery-codes/recovery-codes.service.js';
import { SecondFactorRegistry } from '../second-factor.js';
import { SecondFactorResetService } from './second-factor-reset.service.js';

describe('SecondFactorResetService', () => {
  const unit = unitSuite([...ACCOUNT_PROVIDERS, SecondFactorResetService]);
  const reset = unit.provider(SecondFactorResetService);

  it('removes every factor of every kind and the recovery codes, and ends every session', async () => {
    const carmen = await unit.addAdmin('carmen');
    await unit.enrolTotp(carmen);
    await unit.addPasskey(carmen.id, 'Laptop');
    await unit.addPasskey(carmen.id, 'Phone');
    await unit.addSession(carmen.id, 'carmen-laptop');
    await unit.addSession(carmen.id, 'carmen-phone');
    const luis = await unit.addAdmin('luis');
    await unit.enrolTotp(luis);
    await unit.addSession(luis.id, 'luis-laptop');

    const result = await reset.reset({ id: carmen.id }, actorOf(luis));

    expect(result).toMatchObject({
      user: { id: carmen.id, username: 'carmen' },
      removed: 3,
      sessionsEnded: 2,
    });
    const registry = unit.get(SecondFactorRegistry);
    expect(await registry.factorsOf(carmen.id)).toEqual([]);
    expect(await unit.get(RecoveryCodesService).remainingOf(carmen.id)).toBe(0);
    expect(await unit.sessionsOf(carmen.id)).toEqual([]);
    // Nobody else's account changes.
    expect(await registry.factorsOf(luis.id)).toEqual([expect.objectContaining({ kind: 'totp' })]);
    expect(await unit.sessionsOf(luis.id)).toEqual(['luis-laptop']);
    expect((await unit.activity()).at(-1)).toEqual({
      kind: 'mfa.factors_reset',
      actorName: 'luis',
      details: { adminId: carmen.id, username: 'carmen', removed: 3 },
    });
  });

  it('finds the account by its username too (the command line), and resets one without factors', async () => {
    const ana = await unit.addAdmin('ana');
    await expect(reset.reset({ username: 'ana' }, SERVER_ACTOR)).resolves.toMatchObject({
      user: { id: ana.id },
      removed: 0,
      sessionsEnded: 0,
    });
  });

  it('refuses an account that does not exist, and records nothing', async () => {
    const entries = (await unit.activity()).length;
    await expect(reset.reset({ username: 'nobody' }, SERVER_ACTOR)).rejects.toMatchObject({
      status: 404,
      code: 'ADMIN_NOT_FOUND',
    });
    expect(await unit.activity()).toHaveLength(entries);
  });
});
