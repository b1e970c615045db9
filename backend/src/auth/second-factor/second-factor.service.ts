import { Injectable } from '@nestjs/common';
import type { ActivityActor } from '../../activity/activity-actor.js';
import { ActivityService } from '../../activity/activity.service.js';
import type { AdminUser } from '../../admin-users/admin-user.entity.js';
import { AdminUsersService } from '../../admin-users/admin-users.service.js';
import { RateLimits } from '../../rate-limits/rate-limits.service.js';
import type { DeviceOf } from '../known-devices.js';
import { LoginLimits } from '../login-limits.js';
import { MfaPolicyService } from './policy/mfa-policy.service.js';
import { RecoveryCodesService } from './recovery-codes/recovery-codes.service.js';
import { invalidSecondFactor, noSecondFactorPending } from './second-factor-errors.js';
import { SecondFactorRegistry } from './second-factor.js';
import type { SecondFactorMethod } from '../dto/current-admin.dto.js';
import type { MySecondFactorsDto } from './dto/second-factors.dto.js';
import { looksLikeTotpCode } from './totp/totp-codes.js';
import { TotpService } from './totp/totp.service.js';

/** The second step of logging in, and what an admin sees of their own factors. */
@Injectable()
export class SecondFactorService {
  constructor(
    private readonly users: AdminUsersService,
    private readonly registry: SecondFactorRegistry,
    private readonly totp: TotpService,
    private readonly recoveryCodes: RecoveryCodesService,
    private readonly policy: MfaPolicyService,
    private readonly loginLimits: LoginLimits,
    private readonly limits: RateLimits,
    private readonly activity: ActivityService,
  ) {}

  /** Checks a code under the login limits; six digits are an app's code, else a recovery code (spent). */
  async verify(
    adminId: string,
    code: string,
    client: string,
    deviceOf: DeviceOf = () => null,
  ): Promise<AdminUser> {
    const user = await this.users.findById(adminId);
    if (!user) throw noSecondFactorPending();
    const device = deviceOf(user.username);
    await this.loginLimits.take(client, user.username, device);
    await this.limits.take('second-factor.account', user.id);
    const actor: ActivityActor = { adminId: user.id, username: user.username, client };
    const given = code.trim();
    const byApp = looksLikeTotpCode(given);
    const accepted = byApp
      ? await this.totp.verifyCode(user.id, given)
      : await this.recoveryCodes.use(user.id, given);
    if (!accepted) {
      const factor = byApp ? 'totp' : 'recovery-code';
      await this.activity.recordAlone({ kind: 'mfa.second_factor_failed', actor, details: { factor } });
      throw invalidSecondFactor();
    }
    await this.loginLimits.succeeded(client, user.username, device);
    await this.limits.forgive('second-factor.account', user.id);
    if (!byApp) {
      const left = await this.recoveryCodes.remainingOf(user.id);
      await this.activity.recordAlone({ kind: 'mfa.recovery_code_used', actor, details: { left } });
    }
    return user;
  }

  /** How an account can give its second factor: only for the session that gave its password. */
  async methodsOf(adminId: string): Promise<SecondFactorMethod[]> {
    const [factors, recoveryCodesLeft] = await Promise.all([
      this.registry.factorsOf(adminId),
      this.recoveryCodes.remainingOf(adminId),
    ]);
    const kinds = new Set(factors.map((factor) => factor.kind));
    const methods: SecondFactorMethod[] = [];
    if (kinds.has('totp') || recoveryCodesLeft > 0) methods.push('code');
    if (kinds.has('passkey')) methods.push('passkey');
    return methods;
  }

  async mine(adminId: string): Promise<MySecondFactorsDto> {
    const [factors, recoveryCodesLeft, policy] = await Promise.all([
      this.registry.factorsOf(adminId),
      this.recoveryCodes.remainingOf(adminId),
      this.policy.state(),
    ]);
    return {
      factors: factors.map(({ kind, addedAt }) => ({ kind, addedAt: new Date(addedAt) })),
      recoveryCodesLeft,
      ...policy,
    };
  }
}
