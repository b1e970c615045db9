import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { PASSKEY_CHALLENGE_MINUTES } from 'contract';
import { Repository } from 'typeorm';
import type { ActivityActor } from '../../activity/activity-actor.js';
import { ActivityService } from '../../activity/activity.service.js';
import type { AdminUser } from '../../admin-users/admin-user.entity.js';
import { AdminUsersService } from '../../admin-users/admin-users.service.js';
import { ApiError } from '../../common/api-error.js';
import type { DeviceOf } from '../known-devices.js';
import { LoginLimits } from '../login-limits.js';
import { noSecondFactorPending } from '../second-factor/second-factor-errors.js';
import { challengeExpired } from './passkey-challenge.js';
import { Passkey } from './passkey.entity.js';
import { credentialKeyOf, transportsOf, userHandleOf } from './passkeys.service.js';

/** What the server expects of an assertion: its own challenge, origin and relying-party id. */
export interface ExpectedCeremony {
  challenge: string;
  origin: string;
  rpID: string;
  /** When a sign-in's challenge (kept by no session) was issued: a passkey used since refuses it. */
  issuedAt?: number;
}

/** Why an assertion was refused, for the activity log (never the credential itself). */
type Refusal = 'unknown_passkey' | 'other_account' | 'wrong_account' | 'not_verified' | 'replayed';

/** What the assertion is for: a sign-in alone, a confirmation, or the step after the password. */
type PasskeyStep = 'sign-in' | 'reauthentication' | 'second-factor';

function rejected(): ApiError {
  return new ApiError(401, 'PASSKEY_REJECTED', 'The passkey was not accepted');
}

/** Checks passkey assertions (sign-in, re-authentication, second step); failures count as failed logins. */
@Injectable()
export class PasskeySignInService {
  constructor(
    @InjectRepository(Passkey) private readonly passkeys: Repository<Passkey>,
    private readonly users: AdminUsersService,
    private readonly loginLimits: LoginLimits,
    private readonly activity: ActivityService,
  ) {}

  /** Options for navigator.credentials.get: a signed-in admin gets their own passkeys, a sign-in any. */
  async authenticationOptions(rpID: string, user?: AdminUser, challenge?: Uint8Array<ArrayBuffer>) {
    const own = user ? await this.passkeys.find({ where: { adminId: user.id } }) : [];
    return generateAuthenticationOptions({
      rpID,
      challenge,
      timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
      userVerification: 'preferred',
      allowCredentials: own.map((passkey) => ({
        id: passkey.credentialId,
        transports: transportsOf(passkey),
      })),
    });
  }

  /** Options for the step after the password: the account's own passkeys only. */
  async secondFactorOptions(adminId: string, rpID: string) {
    const user = await this.users.findById(adminId);
    if (!user) throw noSecondFactorPending();
    return this.authenticationOptions(rpID, user);
  }

  /** Confirms the signed-in admin with one of their own passkeys. */
  async reauthenticate(
    user: AdminUser,
    response: AuthenticationResponseJSON,
    expected: ExpectedCeremony,
    actor: ActivityActor,
  ): Promise<void> {
    await this.signIn(response, expected, actor, () => null, user, 'reauthentication');
  }

  /** The step after the password; returns the account. A failure counts as a failed second factor. */
  async secondFactor(
    adminId: string,
    response: AuthenticationResponseJSON,
    expected: ExpectedCeremony,
    client: string,
    deviceOf: DeviceOf,
  ): Promise<AdminUser> {
    const user = await this.users.findById(adminId);
    if (!user) throw noSecondFactorPending();
    const actor: ActivityActor = { adminId: user.id, username: user.username, client };
    return this.signIn(response, expected, actor, deviceOf, user, 'second-factor');
  }

  /** The admin a valid assertion belongs to (only `signedIn`, when given); else 401 PASSKEY_REJECTED. */
  async signIn(
    response: AuthenticationResponseJSON,
    expected: ExpectedCeremony,
    actor: ActivityActor,
    deviceOf: DeviceOf,
    signedIn?: AdminUser,
    step: PasskeyStep = 'sign-in',
  ): Promise<AdminUser> {
    const client = actor.client ?? 'unknown';
    const passkey = await this.passkeys
      .createQueryBuilder('passkey')
      .addSelect('passkey.publicKey')
      .where('passkey.credentialKey = :key', { key: credentialKeyOf(response.id) })
      .getOne();
    const owner = passkey ? await this.users.findById(passkey.adminId) : null;
    // The limits' account: the one the passkey names, or nobody's for an unknown passkey.
    const username = signedIn?.username ?? owner?.username ?? '';
    const device = username ? deviceOf(username) : null;
    await this.loginLimits.take(client, username, device);
    const fail = async (reason: Refusal, refusal = rejected()): Promise<never> => {
      await this.activity.recordAlone(
        step === 'second-factor'
          ? { kind: 'mfa.second_factor_failed', actor, details: { factor: 'passkey', reason } }
          : { kind: 'passkey.failed', actor, details: { step, reason, username: owner?.username ?? null } },
      );
      throw refusal;
    };
    if (!passkey || !owner) return fail('unknown_passkey');
    // Confirming or finishing a login: only a passkey of that very account counts.
    if (signedIn && owner.id !== signedIn.id) return fail('other_account');
    // A discoverable passkey says whose it is; it must be the owner on record.
    const handle = response.response.userHandle;
    if (handle !== undefined && handle !== userHandleOf(owner.id)) return fail('wrong_account');
    // A sign-in's challenge is spent by the passkey's use: one used since it was issued refuses it.
    const { issuedAt } = expected;
    if (issuedAt !== undefined && passkey.lastUsedAt !== null && passkey.lastUsedAt > issuedAt) {
      return fail('replayed', challengeExpired());
    }
    let newCounter: number;
    try {
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: expected.challenge,
        expectedOrigin: expected.origin,
        expectedRPID: expected.rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: isoBase64URL.toBuffer(passkey.publicKey),
          counter: passkey.counter,
          transports: transportsOf(passkey),
        },
        requireUserVerification: false,
      });
      if (!verification.verified) return await fail('not_verified');
      newCounter = verification.authenticationInfo.newCounter;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // A wrong origin, relying party, challenge or signature, or a counter that went back.
      return fail('not_verified');
    }
    // Compare-and-set, so of two requests carrying one assertion (or, for a passkey that keeps no
    // counter, one challenge) only one can move the counter and the last use on. The last use is
    // after the challenge's issue even on a replica whose clock is behind, so it is spent anyway.
    const spent = issuedAt === undefined ? '' : ' AND (last_used_at IS NULL OR last_used_at <= :issuedAt)';
    const moved = await this.passkeys
      .createQueryBuilder()
      .update(Passkey)
      .set({ counter: newCounter, lastUsedAt: Math.max(Date.now(), (issuedAt ?? 0) + 1) })
      .where(`id = :id AND counter = :counter${spent}`, {
        id: passkey.id,
        counter: passkey.counter,
        issuedAt,
      })
      .execute();
    if (!moved.affected) return fail('replayed');
    await this.loginLimits.succeeded(client, username, device);
    return owner;
  }
}
