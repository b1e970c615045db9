import { Body, Delete, Req } from '@nestjs/common';
import type { Request } from 'express';
import { actorOf } from '../../../activity/activity-actor.js';
import type { AdminUser } from '../../../admin-users/admin-user.entity.js';
import { ApiController, CurrentUser } from '../../admin-only.decorator.js';
import { ApiErrors, PostOk } from '../../../common/route-decorators.js';
import { MessageDto } from '../../../common/error-response.dto.js';
import { RecentAuthRequired } from '../../recent-auth/recent-auth.js';
import { SecondFactorCodeDto } from '../dto/second-factor-code.dto.js';
import { AllowedDuringEnrolment, setEnrolmentRequired } from '../pending-step.js';
import { RecoveryCodesDto, TotpEnrolmentDto } from './dto/totp-enrolment.dto.js';
import { TotpService } from './totp.service.js';

@ApiController('auth/totp', 'auth', { admin: true })
export class TotpController {
  constructor(private readonly totp: TotpService) {}

  /**
   * Starts setting up an authenticator app: a new secret with its QR code, returned this once.
   * Asking again before confirming replaces the secret.
   */
  @PostOk('enrolment')
  @AllowedDuringEnrolment()
  @ApiErrors({ 409: 'TOTP_ALREADY_ENROLLED: remove the current app first' })
  startTotpEnrolment(@CurrentUser() user: AdminUser): Promise<TotpEnrolmentDto> {
    return this.totp.startEnrolment(user);
  }

  /** Confirms the app with one valid code; answers the 10 recovery codes, shown this once. */
  @PostOk('enrolment/confirm')
  @AllowedDuringEnrolment()
  @ApiErrors({
    400: 'SECOND_FACTOR_INVALID: the code is not the current one',
    409: 'TOTP_ENROLMENT_NOT_STARTED or TOTP_ALREADY_ENROLLED',
  })
  async confirmTotpEnrolment(
    @CurrentUser() user: AdminUser,
    @Body() dto: SecondFactorCodeDto,
    @Req() request: Request,
  ): Promise<RecoveryCodesDto> {
    const recoveryCodes = await this.totp.confirmEnrolment(user, dto.code, actorOf(request));
    setEnrolmentRequired(request, false);
    return { recoveryCodes };
  }

  /** Removes the authenticator app; the account's other sessions end. */
  @Delete()
  @RecentAuthRequired()
  @ApiErrors({
    404: 'TOTP_NOT_ENROLLED',
    409: 'LAST_SECOND_FACTOR: the policy requires a second factor and this is the last one',
  })
  async removeTotp(@CurrentUser() user: AdminUser, @Req() request: Request): Promise<MessageDto> {
    await this.totp.remove(user, request.sessionID, actorOf(request));
    return { message: 'Authenticator app removed' };
  }
}
