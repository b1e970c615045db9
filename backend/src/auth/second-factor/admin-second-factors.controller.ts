import { Body, Get, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Actor, actorOf, type ActivityActor } from '../../activity/activity-actor.js';
import type { AdminUser } from '../../admin-users/admin-user.entity.js';
import { ADMIN_NOT_FOUND, AdminUserId } from '../../admin-users/admin-users.service.js';
import { ApiError } from '../../common/api-error.js';
import { ApiController, CurrentUser } from '../admin-only.decorator.js';
import { ApiErrors, PostOk } from '../../common/route-decorators.js';
import {
  reauthenticationRequired,
  RecentAuthRequired,
  recentlyAuthenticated,
} from '../recent-auth/recent-auth.js';
import { MfaPolicyDto, MfaPolicyStateDto, SecondFactorsResetDto } from './dto/second-factors.dto.js';
import { MfaPolicyService } from './policy/mfa-policy.service.js';
import { SecondFactorResetService } from './reset/second-factor-reset.service.js';

/** The administrators' second factors as a whole: the policy, and a reset for one who lost theirs. */
@ApiController('admin', 'admin-users', { admin: true })
export class AdminSecondFactorsController {
  constructor(
    private readonly policy: MfaPolicyService,
    private readonly resets: SecondFactorResetService,
  ) {}

  /** Whether every administrator must have a second factor, and whether the server decides it. */
  @Get('mfa-policy')
  async getMfaPolicy(): Promise<MfaPolicyStateDto> {
    return this.policy.state();
  }

  /** Turns the policy on or off; turning it off needs a recent re-authentication. */
  @Put('mfa-policy')
  @ApiErrors(400, {
    403: 'REAUTHENTICATION_REQUIRED (turning it off): re-authenticate, then retry',
    409: 'MFA_POLICY_SET_BY_ENVIRONMENT: MFA_REQUIRED on the server decides',
  })
  async setMfaPolicy(@Body() dto: MfaPolicyDto, @Req() request: Request): Promise<MfaPolicyStateDto> {
    if (!dto.required && !recentlyAuthenticated(request)) throw reauthenticationRequired();
    await this.policy.setRequired(dto.required, actorOf(request));
    return this.policy.state();
  }

  /**
   * Removes every second factor and recovery code of another administrator who lost theirs,
   * and ends their sessions. One's own factors are removed one by one instead.
   */
  @PostOk('users/:id/reset-second-factors')
  @RecentAuthRequired()
  @ApiErrors({ 404: ADMIN_NOT_FOUND, 409: "OWN_SECOND_FACTORS_RESET: not for one's own account" })
  async resetAdminUserSecondFactors(
    @AdminUserId() id: string,
    @CurrentUser() me: AdminUser,
    @Actor() actor: ActivityActor,
  ): Promise<SecondFactorsResetDto> {
    if (id === me.id)
      throw new ApiError(
        409,
        'OWN_SECOND_FACTORS_RESET',
        "Another administrator must reset one's own factors",
      );
    const { removed } = await this.resets.reset({ id }, actor);
    return { removed };
  }
}
