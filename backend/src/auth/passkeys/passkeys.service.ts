import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { InjectRepository } from '@nestjs/typeorm';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { PASSKEY_CHALLENGE_MINUTES } from 'contract';
import { Repository } from 'typeorm';
import type { ActivityActor } from '../../activity/activity-actor.js';
import { ActivityService } from '../../activity/activity.service.js';
import type { AdminUser } from '../../admin-users/admin-user.entity.js';
import { ApiError } from '../../common/api-error.js';
import { duplicateAs } from '../../common/database-errors.js';
import { TransactionRunner } from '../../database/transaction-runner.js';
import { SessionsService } from '../../sessions/sessions.service.js';
import { MfaPolicyService } from '../second-factor/policy/mfa-policy.service.js';
import { RecoveryCodesService } from '../second-factor/recovery-codes/recovery-codes.service.js';
import { lastSecondFactor } from '../second-factor/second-factor-errors.js';
import { SecondFactorRegistry } from '../second-factor/second-factor.js';
import type { PasskeyDto } from './dto/passkey.dto.js';
import { Passkey } from './passkey.entity.js';

/** The name browsers show beside a passkey of this site. */
const RP_NAME = 'ATM Armeros';

export function toPasskeyDto(passkey: Passkey): PasskeyDto {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: new Date(passkey.createdAt),
    lastUsedAt: passkey.lastUsedAt === null ? null : new Date(passkey.lastUsedAt),
  };
}

/** The WebAuthn user handle of an admin: the bytes of their id (it names no person). */
export function userHandleOf(adminId: string): string {
  return isoBase64URL.fromBuffer(isoUint8Array.fromUTF8String(adminId));
}

/** The lookup key of a credential id (see Passkey.credentialKey). */
export const credentialKeyOf = (credentialId: string) =>
  createHash('sha256').update(credentialId).digest('hex');

/** The transports column as the list WebAuthn uses, and back. */
export const transportsOf = (passkey: Pick<Passkey, 'transports'>) =>
  passkey.transports ? passkey.transports.split(',') : undefined;

@Injectable()
export class PasskeysService {
  constructor(
    @InjectRepository(Passkey) private readonly passkeys: Repository<Passkey>,
    private readonly transactions: TransactionRunner,
    private readonly activity: ActivityService,
    private readonly sessions: SessionsService,
    private readonly factors: SecondFactorRegistry,
    private readonly policy: MfaPolicyService,
    private readonly recoveryCodes: RecoveryCodesService,
  ) {}

  async listOf(adminId: string): Promise<PasskeyDto[]> {
    const rows = await this.passkeys.find({ where: { adminId }, order: { createdAt: 'ASC' } });
    return rows.map(toPasskeyDto);
  }

  /** Options for a discoverable passkey, on none of the authenticators already holding one of theirs. */
  async registrationOptions(user: AdminUser, rpID: string) {
    const existing = await this.passkeys.find({ where: { adminId: user.id } });
    return generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userName: user.username,
      userDisplayName: user.username,
      userID: isoUint8Array.fromUTF8String(user.id),
      timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
      attestationType: 'none',
      excludeCredentials: existing.map((passkey) => ({
        id: passkey.credentialId,
        transports: transportsOf(passkey),
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
  }

  /** Checks the browser's new passkey against the challenge and the site, then keeps it. */
  async register(
    user: AdminUser,
    name: string,
    response: RegistrationResponseJSON,
    expected: { challenge: string; origin: string; rpID: string },
    actor: ActivityActor,
  ): Promise<PasskeyDto> {
    // A refusal's reason names what failed: the log gets the kind, never the credential.
    const registration = await verifyRegistrationResponse({
      response,
      expectedChallenge: expected.challenge,
      expectedOrigin: expected.origin,
      expectedRPID: expected.rpID,
      requireUserVerification: false,
    }).catch(() => ({ verified: false as const }));
    if (!registration.verified) {
      await this.activity.recordAlone({ kind: 'passkey.failed', actor, details: { step: 'registration' } });
      throw new ApiError(400, 'PASSKEY_REJECTED', 'The passkey could not be verified: try again');
    }
    const { credential } = registration.registrationInfo;
    const passkey: Passkey = this.passkeys.create({
      adminId: user.id,
      name,
      credentialId: credential.id,
      credentialKey: credentialKeyOf(credential.id),
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports?.length ? credential.transports.join(',') : null,
      createdAt: Date.now(),
      lastUsedAt: null,
    });
    await duplicateAs(
      this.transactions.run(async (manager) => {
        await manager.insert(Passkey, passkey);
        await this.activity.record(manager, { kind: 'passkey.added', actor, details: { name } });
      }),
      () => new ApiError(409, 'PASSKEY_ALREADY_REGISTERED', 'This passkey is registered already'),
    );
    return toPasskeyDto(passkey);
  }

  /** Removes a passkey, ending the admin's other sessions; not the last factor the policy requires. */
  async remove(user: AdminUser, id: string, currentSid: string, actor: ActivityActor): Promise<void> {
    const required = await this.policy.isRequired();
    await this.transactions.run(async (manager) => {
      const passkey = await manager.findOneBy(Passkey, { id, adminId: user.id });
      if (!passkey) throw new ApiError(404, 'PASSKEY_NOT_FOUND', 'Passkey not found');
      if (required && (await this.factors.factorsOf(user.id, manager)).length <= 1) throw lastSecondFactor();
      await manager.delete(Passkey, { id });
      // Recovery codes stand in for a factor: with none left they would be one by themselves.
      if (!(await this.factors.hasAnyFactor(user.id, manager)))
        await this.recoveryCodes.removeAllOf(user.id, manager);
      const sessionsEnded = await this.sessions.endSessionsOf(user.id, currentSid, manager);
      await this.activity.record(manager, {
        kind: 'passkey.removed',
        actor,
        details: { name: passkey.name, sessionsEnded },
      });
    });
  }
}
