import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { generateSecret } from 'otplib';
import QRCode from 'qrcode';
import { IsNull, Not, type EntityManager, type Repository } from 'typeorm';
import type { ActivityActor } from '../../../activity/activity-actor.js';
import { ActivityService } from '../../../activity/activity.service.js';
import type { AdminUser } from '../../../admin-users/admin-user.entity.js';
import { ApiError } from '../../../common/api-error.js';
import { TransactionRunner } from '../../../database/transaction-runner.js';
import { SessionsService } from '../../../sessions/sessions.service.js';
import { invalidSecondFactor, lastSecondFactor } from '../second-factor-errors.js';
import { RegisteredFactorSource, SecondFactorRegistry, type SecondFactorSummary } from '../second-factor.js';
import { MfaPolicyService } from '../policy/mfa-policy.service.js';
import { RecoveryCodesService } from '../recovery-codes/recovery-codes.service.js';
import type { TotpEnrolmentDto } from './dto/totp-enrolment.dto.js';
import { acceptedTotpStep, totpUri } from './totp-codes.js';
import { TotpFactor } from './totp-factor.entity.js';

/** Authenticator-app codes (TOTP): enrolment confirmed by a first code, checks at login, removal. */
@Injectable()
export class TotpService extends RegisteredFactorSource {
  readonly kind = 'totp' as const;

  constructor(
    @InjectRepository(TotpFactor) private readonly factors: Repository<TotpFactor>,
    registry: SecondFactorRegistry,
    private readonly recoveryCodes: RecoveryCodesService,
    private readonly policy: MfaPolicyService,
    private readonly sessions: SessionsService,
    private readonly transactions: TransactionRunner,
    private readonly activity: ActivityService,
  ) {
    super(registry);
  }

  async factorsOf(adminId: string, manager?: EntityManager): Promise<SecondFactorSummary[]> {
    const repository = manager ? manager.getRepository(TotpFactor) : this.factors;
    const row = await repository.findOneBy({ adminId, confirmedAt: Not(IsNull()) });
    return row ? [{ kind: this.kind, addedAt: row.confirmedAt! }] : [];
  }

  async removeAllOf(adminId: string, manager: EntityManager): Promise<number> {
    return (await manager.delete(TotpFactor, { adminId })).affected ?? 0;
  }

  /** A new secret with its link and QR code, returned this once; refused once an app is confirmed. */
  async startEnrolment(user: AdminUser): Promise<TotpEnrolmentDto> {
    if ((await this.factorsOf(user.id)).length > 0) throw alreadyEnrolled();
    const secret = generateSecret();
    const row = { adminId: user.id, secret, confirmedAt: null, lastUsedStep: null, createdAt: Date.now() };
    await this.factors.upsert(row, ['adminId']);
    const otpauthUri = totpUri(secret, user.username);
    const qrCode = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
    return { secret, otpauthUri, qrCode };
  }

  /** Confirms the app with a first valid code and returns the new recovery codes (shown once). */
  async confirmEnrolment(user: AdminUser, code: string, actor: ActivityActor): Promise<string[]> {
    const pending = await this.withSecret(user.id);
    if (!pending) throw new ApiError(409, 'TOTP_ENROLMENT_NOT_STARTED', 'Start setting up the app first');
    if (pending.confirmedAt !== null) throw alreadyEnrolled();
    const step = await acceptedTotpStep(pending.secret, code.trim(), null);
    if (step === null) throw invalidSecondFactor();
    return this.transactions.run(async (manager) => {
      const confirmed = await manager.update(
        TotpFactor,
        { adminId: user.id, confirmedAt: IsNull() },
        { confirmedAt: Date.now(), lastUsedStep: step },
      );
      if ((confirmed.affected ?? 0) !== 1) throw alreadyEnrolled();
      const codes = await this.recoveryCodes.replace(user.id, manager);
      await this.activity.record(manager, { kind: 'mfa.factor_added', actor, details: { factor: 'totp' } });
      return codes;
    });
  }

  /** Whether `code` is the account's current code, never used before; a match spends its time step. */
  async verifyCode(adminId: string, code: string): Promise<boolean> {
    const factor = await this.withSecret(adminId);
    if (!factor || factor.confirmedAt === null) return false;
    const step = await acceptedTotpStep(factor.secret, code, factor.lastUsedStep);
    if (step === null) return false;
    // Two requests racing with the same code: only the one that moves the step forward wins.
    const spent = await this.factors
      .createQueryBuilder()
      .update(TotpFactor)
      .set({ lastUsedStep: step })
      .where('admin_id = :adminId AND (last_used_step IS NULL OR last_used_step < :step)', { adminId, step })
      .execute();
    return (spent.affected ?? 0) === 1;
  }

  /** The account's app with its secret (no other query selects it). */
  private withSecret(adminId: string): Promise<TotpFactor | null> {
    return this.factors
      .createQueryBuilder('factor')
      .addSelect('factor.secret')
      .where('factor.adminId = :adminId', { adminId })
      .getOne();
  }

  /** Removes the app (and the recovery codes with the last factor) and ends the other sessions. */
  async remove(user: AdminUser, keepSid: string, actor: ActivityActor): Promise<void> {
    if ((await this.factorsOf(user.id)).length === 0)
      throw new ApiError(404, 'TOTP_NOT_ENROLLED', 'No authenticator app is set up');
    if ((await this.registry.factorsOf(user.id)).length <= 1 && (await this.policy.isRequired()))
      throw lastSecondFactor();
    await this.transactions.run(async (manager) => {
      await this.removeAllOf(user.id, manager);
      if (!(await this.registry.hasAnyFactor(user.id, manager)))
        await this.recoveryCodes.removeAllOf(user.id, manager);
      await this.sessions.endSessionsOf(user.id, keepSid, manager);
      await this.activity.record(manager, { kind: 'mfa.factor_removed', actor, details: { factor: 'totp' } });
    });
  }
}

function alreadyEnrolled(): ApiError {
  return new ApiError(409, 'TOTP_ALREADY_ENROLLED', 'An authenticator app is already set up');
}
