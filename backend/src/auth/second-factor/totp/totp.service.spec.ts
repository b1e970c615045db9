import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { RECOVERY_CODE_COUNT } from 'contract';
import type { AdminUser } from '../../../admin-users/admin-user.entity.js';
import {
  ACCOUNT_PROVIDERS,
  actorOf,
  stopClockAt,
  totpCodeAt,
  unitSuite,
} from '../../../../test/support/unit-module.js';
import { MfaPolicyService } from '../policy/mfa-policy.service.js';
import { RecoveryCodesService } from '../recovery-codes/recovery-codes.service.js';
import { TotpService } from './totp.service.js';

/** 10 s into a 30 s time step, so ±1 step means exactly the neighbouring codes. */
const NOW = Date.UTC(2026, 10, 23, 12, 0, 10);

describe('TotpService', () => {
  const unit = unitSuite(ACCOUNT_PROVIDERS, { env: { MFA_REQUIRED: '' } });
  const totp = unit.provider(TotpService);
  let admins = 0;

  beforeAll(async () => {
    // A new installation requires a second factor; these rules start from an installation that does not.
    await setRequired(false, await unit.addAdmin('owner'));
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const newAdmin = () => unit.addAdmin(`admin-${++admins}`);
  const setRequired = (required: boolean, by: AdminUser) =>
    unit.get(MfaPolicyService).setRequired(required, actorOf(by));

  it('starts enrolment with a secret shown once as text, otpauth link and QR code; starting again replaces it', async () => {
    const carmen = await unit.addAdmin('carmen');
    const first = await totp.startEnrolment(carmen);
    expect(first.otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(first.otpauthUri).toContain('carmen');
    expect(first.otpauthUri).toContain(`secret=${first.secret}`);
    expect(first.qrCode).toMatch(/^data:image\/png;base64,/);
    // Unconfirmed, it is no factor yet.
    expect(await totp.factorsOf(carmen.id)).toEqual([]);

    // Unconfirmed, its codes open nothing.
    expect(await totp.verifyCode(carmen.id, await totpCodeAt(first.secret))).toBe(false);
    const second = await totp.startEnrolment(carmen);
    expect(second.secret).not.toBe(first.secret);
    await expect(
      totp.confirmEnrolment(carmen, await totpCodeAt(first.secret), actorOf(carmen)),
    ).rejects.toMatchObject({
      status: 400,
      code: 'SECOND_FACTOR_INVALID',
    });
  });

  it('confirms with a valid code: a factor, a new set of recovery codes, an entry in the log', async () => {
    stopClockAt(NOW);
    const admin = await newAdmin();
    await expect(totp.confirmEnrolment(admin, '123456', actorOf(admin))).rejects.toMatchObject({
      status: 409,
      code: 'TOTP_ENROLMENT_NOT_STARTED',
    });
    const { secret } = await totp.startEnrolment(admin);
    await expect(totp.confirmEnrolment(admin, 'abcdef', actorOf(admin))).rejects.toMatchObject({
      code: 'SECOND_FACTOR_INVALID',
    });
    const codes = await totp.confirmEnrolment(admin, ` ${await totpCodeAt(secret)} `, actorOf(admin));
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(await unit.get(RecoveryCodesService).remainingOf(admin.id)).toBe(RECOVERY_CODE_COUNT);
    expect(await totp.factorsOf(admin.id)).toEqual([{ kind: 'totp', addedAt: NOW }]);
    expect((await unit.activity()).at(-1)).toMatchObject({
      kind: 'mfa.factor_added',
      details: { factor: 'totp' },
    });
    // Confirmed: neither a second confirmation nor a new enrolment while it stands.
    await expect(
      totp.confirmEnrolment(admin, await totpCodeAt(secret, 1), actorOf(admin)),
    ).rejects.toMatchObject({
      status: 409,
      code: 'TOTP_ALREADY_ENROLLED',
    });
    await expect(totp.startEnrolment(admin)).rejects.toMatchObject({
      status: 409,
      code: 'TOTP_ALREADY_ENROLLED',
    });
  });

  it('accepts the code of this time step or a neighbour, each once, and never one older than the last used', async () => {
    stopClockAt(NOW);
    const admin = await newAdmin();
    const { secret } = await unit.enrolTotp(admin);
    const code = (steps: number) => totpCodeAt(secret, steps);

    expect(await totp.verifyCode(admin.id, await code(-2))).toBe(false);
    expect(await totp.verifyCode(admin.id, await code(2))).toBe(false);
    expect(await totp.verifyCode(admin.id, await code(0))).toBe(true);
    expect(await totp.verifyCode(admin.id, await code(0))).toBe(false);
    expect(await totp.verifyCode(admin.id, await code(-1))).toBe(false);
    expect(await totp.verifyCode(admin.id, await code(1))).toBe(true);
  });

  it('lets only one of two requests racing with the same code through', async () => {
    const admin = await newAdmin();
    const { secret } = await unit.enrolTotp(admin);
    const code = await totpCodeAt(secret, 1);
    const results = await Promise.all([totp.verifyCode(admin.id, code), totp.verifyCode(admin.id, code)]);
    expect(results.sort()).toEqual([false, true]);
  });

  it('removes the app and its recovery codes, ending the other sessions', async () => {
    const admin = await newAdmin();
    await expect(totp.remove(admin, 'this-one', actorOf(admin))).rejects.toMatchObject({
      status: 404,
      code: 'TOTP_NOT_ENROLLED',
    });
    await unit.enrolTotp(admin);
    await unit.addSession(admin.id, 'this-one');
    await unit.addSession(admin.id, 'another');
    await totp.remove(admin, 'this-one', actorOf(admin));
    expect(await totp.factorsOf(admin.id)).toEqual([]);
    expect(await unit.get(RecoveryCodesService).remainingOf(admin.id)).toBe(0);
    expect(await unit.sessionsOf(admin.id)).toEqual(['this-one']);
    expect((await unit.activity()).at(-1)).toMatchObject({
      kind: 'mfa.factor_removed',
      details: { factor: 'totp' },
    });
  });

  it('keeps the recovery codes while a passkey is left', async () => {
    const admin = await newAdmin();
    await unit.enrolTotp(admin);
    await unit.addPasskey(admin.id);
    await totp.remove(admin, 'this-one', actorOf(admin));
    expect(await unit.get(RecoveryCodesService).remainingOf(admin.id)).toBe(RECOVERY_CODE_COUNT);
  });

  it('refuses to remove the last factor while the policy requires one, and allows it beside a passkey', async () => {
    const admin = await newAdmin();
    await unit.enrolTotp(admin);
    await setRequired(true, admin);
    try {
      await expect(totp.remove(admin, 'this-one', actorOf(admin))).rejects.toMatchObject({
        status: 409,
        code: 'LAST_SECOND_FACTOR',
      });
      expect(await totp.factorsOf(admin.id)).toHaveLength(1);
      await unit.addPasskey(admin.id);
      await totp.remove(admin, 'this-one', actorOf(admin));
      expect(await totp.factorsOf(admin.id)).toEqual([]);
    } finally {
      await setRequired(false, admin);
    }
  });
});
