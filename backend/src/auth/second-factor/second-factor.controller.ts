import { Body, Get, Req } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AdminUser } from '../../admin-users/admin-user.entity.js';
import { AdminOnly, ApiController, CurrentUser, PostOk } from '../admin-only.decorator.js';
import { CurrentAdminDto } from '../dto/current-admin.dto.js';
import { LimitedAsLogin } from '../login-limits.js';
import { LoginSessions } from '../login-session.js';
import { SecondFactorCodeDto } from './dto/second-factor-code.dto.js';
import { MySecondFactorsDto } from './dto/second-factors.dto.js';
import { SecondFactorService } from './second-factor.service.js';

@ApiController('auth', 'auth')
export class SecondFactorController {
  constructor(
    private readonly secondFactor: SecondFactorService,
    private readonly logins: LoginSessions,
  ) {}

  /**
   * The second step of logging in: a code from the authenticator app or a recovery code, after
   * the password. Logs the session in. Wrong codes count as failed logins (429 after 10).
   */
  @PostOk('second-factor')
  @ApiOkResponse({ type: CurrentAdminDto, description: 'Logged in; the response sets the session cookie' })
  @LimitedAsLogin({
    400: 'SECOND_FACTOR_INVALID: the code is not valid, or was already used',
    401: 'NO_SECOND_FACTOR_PENDING: log in with the password first (or it was over 5 minutes ago)',
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
}
