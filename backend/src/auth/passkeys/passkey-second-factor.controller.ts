import { Body, Req } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiController, ApiErrors, PostOk } from '../admin-only.decorator.js';
import { CurrentAdminDto } from '../dto/current-admin.dto.js';
import { LimitedAsLogin } from '../login-limits.js';
import { LoginSessions } from '../login-session.js';
import { requireSecondFactorPending } from '../second-factor/pending-step.js';
import { PasskeyAssertionDto, PasskeyOptionsDto } from './dto/passkey.dto.js';
import { expectedCeremony, offerChallenge, relyingParty } from './passkey-challenge.js';
import { PasskeySignInService } from './passkey-sign-in.service.js';

const NOT_PENDING = 'NO_SECOND_FACTOR_PENDING: log in with the password first (or it was over 5 minutes ago)';

/** A passkey as the second step of logging in, after the password (instead of a code). */
@ApiController('auth/second-factor/passkey', 'auth')
export class PasskeySecondFactorController {
  constructor(
    private readonly signIns: PasskeySignInService,
    private readonly logins: LoginSessions,
  ) {}

  /** The options for navigator.credentials.get, offering only the passkeys of the account whose password was given. */
  @PostOk('options')
  @ApiErrors({ 401: NOT_PENDING })
  async getSecondFactorPasskeyOptions(@Req() request: Request): Promise<PasskeyOptionsDto> {
    const pending = requireSecondFactorPending(request);
    const options = await this.signIns.secondFactorOptions(pending.adminId, relyingParty(request).rpID);
    return offerChallenge(request, 'second-factor', options);
  }

  /**
   * Finishes logging in with a passkey of that same account: like the code step, a new session
   * id, and a refusal counts as a failed login (429 after 10).
   */
  @PostOk()
  @ApiOkResponse({ type: CurrentAdminDto, description: 'Logged in; the response sets the session cookie' })
  @LimitedAsLogin({
    400: 'PASSKEY_CHALLENGE_EXPIRED: no live challenge in this session; ask for options again',
    401: `PASSKEY_REJECTED: not a passkey of this account, wrong site, bad signature or a replay; ${NOT_PENDING}`,
  })
  async verifySecondFactorPasskey(
    @Body() dto: PasskeyAssertionDto,
    @Req() request: Request,
  ): Promise<CurrentAdminDto> {
    return this.logins.secondStep(
      request,
      (adminId, client, deviceOf) =>
        this.signIns.secondFactor(
          adminId,
          dto.credential,
          expectedCeremony(request, 'second-factor'),
          client,
          deviceOf,
        ),
      { method: 'password', secondFactor: 'passkey' },
    );
  }
}
