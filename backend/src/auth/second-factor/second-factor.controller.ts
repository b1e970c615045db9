import { Body, Get, Req } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AdminUser } from '../../admin-users/admin-user.entity.js';
import { AdminOnly, ApiController, CurrentUser } from '../admin-only.decorator.js';
import { ApiErrors, PostOk } from '../../common/route-decorators.js';
import { CurrentAdminDto } from '../dto/current-admin.dto.js';
import { LimitedAsLogin } from '../login-limits.js';
import { LoginSessions } from '../login-session.js';
import { PasskeyAssertionDto, PasskeyOptionsDto } from '../passkeys/dto/passkey.dto.js';
import { expectedCeremony, offerChallenge, relyingParty } from '../passkeys/passkey-challenge.js';
import { PasskeySignInService } from '../passkeys/passkey-sign-in.service.js';
import { SecondFactorCodeDto } from './dto/second-factor-code.dto.js';
import { MySecondFactorsDto } from './dto/second-factors.dto.js';
import { requireSecondFactorPending } from './pending-step.js';
import { SecondFactorService } from './second-factor.service.js';

const NOT_PENDING = 'NO_SECOND_FACTOR_PENDING: log in with the password first (or it was over 5 minutes ago)';

@ApiController('auth', 'auth')
export class SecondFactorController {
  constructor(
    private readonly secondFactor: SecondFactorService,
    private readonly logins: LoginSessions,
    private readonly signIns: PasskeySignInService,
  ) {}

  /**
   * The second step of logging in: a code from the authenticator app or a recovery code, after
   * the password. Logs the session in. Wrong codes count as failed logins (429 after 10).
   */
  @PostOk('second-factor')
  @ApiOkResponse({ type: CurrentAdminDto, description: 'Logged in; the response sets the session cookie' })
  @LimitedAsLogin({
    400: 'SECOND_FACTOR_INVALID: the code is not valid, or was already used',
    401: NOT_PENDING,
  })
  async verifySecondFactor(
    @Body() dto: SecondFactorCodeDto,
    @Req() request: Request,
  ): Promise<CurrentAdminDto> {
    return this.logins.secondStep(request, (adminId, client, deviceOf) =>
      this.secondFactor.verify(adminId, dto.code, client, deviceOf),
    );
  }

  /** The current admin's second factors, unused recovery codes and whether one is required. */
  @Get('second-factors')
  @AdminOnly({ duringEnrolment: true })
  getMySecondFactors(@CurrentUser() user: AdminUser): Promise<MySecondFactorsDto> {
    return this.secondFactor.mine(user.id);
  }

  /** The options for navigator.credentials.get, offering only the passkeys of the account whose password was given. */
  @PostOk('second-factor/passkey/options')
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
  @PostOk('second-factor/passkey')
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
