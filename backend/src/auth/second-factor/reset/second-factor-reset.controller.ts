import { Actor, type ActivityActor } from '../../../activity/activity-actor.js';
import type { AdminUser } from '../../../admin-users/admin-user.entity.js';
import { ADMIN_NOT_FOUND, AdminUserId } from '../../../admin-users/admin-users.service.js';
import { ApiError } from '../../../common/api-error.js';
import { ApiController, ApiErrors, CurrentUser, PostOk } from '../../admin-only.decorator.js';
import { RecentAuthRequired } from '../../recent-auth/recent-auth.js';
import { SecondFactorsResetDto } from '../dto/second-factors.dto.js';
import { SecondFactorResetService } from './second-factor-reset.service.js';

@ApiController('admin/users', 'admin-users', { admin: true })
export class SecondFactorResetController {
  constructor(private readonly resets: SecondFactorResetService) {}

  /**
   * Removes every second factor and recovery code of another administrator who lost theirs,
   * and ends their sessions. One's own factors are removed one by one instead.
   */
  @PostOk(':id/reset-second-factors')
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
