import { describe, expect, it } from '@jest/globals';
import { RECOVERY_CODE_COUNT } from 'contract';
import { randomUUID } from 'node:crypto';
import type { AdminUser } from '../../admin-users/admin-user.entity.js';
import { ACCOUNT_PROVIDERS, totpCodeAt, unitSuite } from '../../../test/support/unit-module.js';
import { SecondFactorService } from './second-factor.service.js';

describe('SecondFactorService', () => {
  const unit = unitSuite([...ACCOUNT_PROVIDERS, SecondFactorService]);
  const factors = unit.provider(SecondFactorService);
  let admins = 0;

  const newAdmin = () => unit.addAdmin(`admin-${++admins}`);
  const failures = async (admin: AdminUser) =>
    (await unit.activity()).filter(
      (entry) => entry.kind === 'mfa.second_factor_failed' && entry.actorName === admin.username,
    );

  /** Wrong codes for `admin`, each from an address of its own. */
  const wrongCodes = async (admin: AdminUser, times: number) => {
    for (let i = 0; i < times; i++) {
      await expect(factors.verify(admin.id, '000000', `198.51.100.${i}`)).rejects.toMatchObject({
        code: 'SECOND_FACTOR_INVALID',
      });
    }
  };

  it('accepts the app’s code, once', async () => {
    const admin = await newAdmin();
    const { secret } = await unit.enrolTotp(admin);
    const code = await totpCodeAt(secret);
    await expect(factors.verify(admin.id, ` ${code} `, '203.0.113.7')).resolves.toMatchObject({
      id: admin.id,
    });
    await expect(factors.verify(admin.id, code, '203.0.113.7')).rejects.toMatchObject({
      status: 400,
      code: 'SECOND_FACTOR_INVALID',
      details: { errors: [expect.objectContaining({ field: 'code' })] },
    });
    expect((await failures(admin)).map((entry) => entry.details)).toEqual([{ factor: 'totp' }]);
  });

  it('takes anything but six digits as a recovery code, spends it and logs how many are left', async () => {
    const admin = await newAdmin();
    const { recoveryCodes } = await unit.enrolTotp(admin);
    await expect(
      factors.verify(admin.id, recoveryCodes[0].toUpperCase(), '203.0.113.7'),
    ).resolves.toMatchObject({
      id: admin.id,
    });
    expect((await unit.activity()).at(-1)).toEqual({
      kind: 'mfa.recovery_code_used',
      actorName: admin.username,
      details: { left: recoveryCodes.length - 1 },
    });
    await expect(factors.verify(admin.id, recoveryCodes[0], '203.0.113.7')).rejects.toMatchObject({
      code: 'SECOND_FACTOR_INVALID',
    });
    expect((await failures(admin)).map((entry) => entry.details)).toEqual([{ factor: 'recovery-code' }]);
  });

  it('refuses an account with no login pending', async () => {
    await expect(factors.verify(randomUUID(), '123456', '203.0.113.7')).rejects.toMatchObject({
      status: 401,
      code: 'NO_SECOND_FACTOR_PENDING',
    });
  });

  it('limits the codes tried for one account from every address together, before checking them', async () => {
    const admin = await newAdmin();
    const { secret } = await unit.enrolTotp(admin);
    await wrongCodes(admin, 10);
    // The right code from an eleventh address is refused too, and not even checked.
    await expect(factors.verify(admin.id, await totpCodeAt(secret), '198.51.100.99')).rejects.toMatchObject({
      status: 429,
      code: 'TOO_MANY_LOGIN_ATTEMPTS',
    });
    expect(await failures(admin)).toHaveLength(10);
  });

  it('forgives the failures before a right code', async () => {
    const admin = await newAdmin();
    const { secret } = await unit.enrolTotp(admin);
    await wrongCodes(admin, 9);
    await factors.verify(admin.id, await totpCodeAt(secret), '198.51.100.50');
    await wrongCodes(admin, 9);
  });

  it('offers a code while an app or a recovery code is left, and a passkey while one exists', async () => {
    const admin = await newAdmin();
    expect(await factors.methodsOf(admin.id)).toEqual([]);
    await unit.addPasskey(admin.id);
    expect(await factors.methodsOf(admin.id)).toEqual(['passkey']);
    await unit.enrolTotp(admin);
    expect(await factors.methodsOf(admin.id)).toEqual(['code', 'passkey']);
    await unit.dataSource.query('DELETE FROM admin_totp_factor WHERE admin_id = ?', [admin.id]);
    // Recovery codes alone still take a code.
    expect(await factors.methodsOf(admin.id)).toEqual(['code', 'passkey']);
  });

  it('shows an admin their factors oldest first, the codes left and the policy, no secret', async () => {
    const admin = await newAdmin();
    const passkey = await unit.addPasskey(admin.id);
    const { secret } = await unit.enrolTotp(admin);
    const mine = await factors.mine(admin.id);
    expect(mine).toEqual({
      factors: [
        { kind: 'passkey', addedAt: new Date(passkey.createdAt) },
        { kind: 'totp', addedAt: expect.any(Date) },
      ],
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
      required: false,
      requiredByServer: true,
    });
    expect(JSON.stringify(mine)).not.toContain(secret);
  });
});
