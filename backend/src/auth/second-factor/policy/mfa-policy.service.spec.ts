import { afterEach, describe, expect, it } from '@jest/globals';
import { SystemFlag } from '../../../database/database.entity.js';
import { actorOf, unitModule, type UnitModule } from '../../../../test/support/unit-module.js';
import { MfaPolicyService } from './mfa-policy.service.js';

describe('MfaPolicyService', () => {
  let unit: UnitModule | undefined;
  afterEach(() => unit?.close());

  /** The service on a new database; `MFA_REQUIRED` as the environment sets it ('' = unset). */
  const start = async (mfaRequired: string) => {
    unit = await unitModule([MfaPolicyService], { env: { MFA_REQUIRED: mfaRequired } });
    return unit.get(MfaPolicyService);
  };
  const flags = () => unit!.dataSource.getRepository(SystemFlag).find();

  it('requires a second factor on a new installation (no admin at start-up) until an admin turns it off', async () => {
    const policy = await start('');
    expect(await policy.state()).toEqual({ required: true, requiredByServer: false });
    expect(await policy.isRequired()).toBe(true);

    const carmen = await unit!.addAdmin('carmen');
    await policy.setRequired(false, actorOf(carmen));
    expect(await policy.isRequired()).toBe(false);
    // Starting again with an admin in place leaves an installation's choice as it is.
    await policy.onModuleInit();
    expect(await policy.isRequired()).toBe(false);
    expect(await unit!.activity()).toEqual([
      { kind: 'mfa.policy_changed', actorName: 'carmen', details: { required: false } },
    ]);
  });

  it('leaves an installation that had admins before the setting existed without the requirement', async () => {
    const policy = await start('');
    await unit!.dataSource.getRepository(SystemFlag).clear();
    await unit!.addAdmin('carmen');
    await policy.onModuleInit();
    expect(await policy.isRequired()).toBe(false);
  });

  it('turns the setting on when two instances start at once on an empty database', async () => {
    const policy = await start('');
    await unit!.dataSource.getRepository(SystemFlag).clear();
    await Promise.all([policy.onModuleInit(), policy.onModuleInit()]);
    expect((await flags()).map((flag) => flag.name)).toEqual(['mfa-required']);
  });

  it('logs a change only: setting the value it has already records nothing', async () => {
    const policy = await start('');
    const carmen = await unit!.addAdmin('carmen');
    await policy.setRequired(true, actorOf(carmen));
    await policy.setRequired(false, actorOf(carmen));
    await policy.setRequired(false, actorOf(carmen));
    await policy.setRequired(true, actorOf(carmen));
    expect((await unit!.activity()).map((entry) => entry.details)).toEqual([
      { required: false },
      { required: true },
    ]);
  });

  it.each([
    ['true', true],
    ['false', false],
  ])('obeys MFA_REQUIRED=%s whatever the setting, and refuses to change it', async (value, forced) => {
    const policy = await start(value);
    const carmen = await unit!.addAdmin('carmen');
    expect(await policy.state()).toEqual({ required: forced, requiredByServer: true });
    expect(await policy.isRequired()).toBe(forced);
    await expect(policy.setRequired(!forced, actorOf(carmen))).rejects.toMatchObject({
      status: 409,
      code: 'MFA_POLICY_SET_BY_ENVIRONMENT',
    });
    expect(await policy.isRequired()).toBe(forced);
    expect(await unit!.activity()).toEqual([]);
  });
});
