import { ApiProperty } from '@nestjs/swagger';
import { AdminUserDto } from '../../admin-users/dto/admin-user.dto.js';

/** What is left before the session may do anything: the second factor, or setting one up. */
export const PENDING_STEPS = ['second-factor', 'enrolment'] as const;
export type PendingStep = (typeof PENDING_STEPS)[number];

/** The admin of this session, and the step still to take after the password, if any. */
export class CurrentAdminDto extends AdminUserDto {
  /**
   * `second-factor`: give a code (POST /api/auth/second-factor), the session is not logged in yet;
   * `enrolment`: the policy requires a second factor this admin must set up first. Absent: done.
   */
  @ApiProperty({ enum: PENDING_STEPS, enumName: 'PendingStep', required: false })
  pendingStep?: PendingStep;
}
