import { ApiProperty } from '@nestjs/swagger';
import { AdminUserDto } from '../../admin-users/dto/admin-user.dto.js';

/** What is left before the session may do anything: the second factor, or setting one up. */
export const PENDING_STEPS = ['second-factor', 'enrolment'] as const;
export type PendingStep = (typeof PENDING_STEPS)[number];

/** How the second step can be answered: `code` (an authenticator app or recovery codes), `passkey`. */
export const SECOND_FACTOR_METHODS = ['code', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** The OpenAPI description of an optional list of those ways (one named enum in the document). */
export const ApiSecondFactorMethods = () =>
  ApiProperty({
    enum: SECOND_FACTOR_METHODS,
    enumName: 'SecondFactorMethod',
    isArray: true,
    required: false,
  });

/** The admin of this session, and the step still to take after the password, if any. */
export class CurrentAdminDto extends AdminUserDto {
  /**
   * `second-factor`: give a code (POST /api/auth/second-factor), the session is not logged in yet;
   * `enrolment`: the policy requires a second factor this admin must set up first. Absent: done.
   */
  @ApiProperty({ enum: PENDING_STEPS, enumName: 'PendingStep', required: false })
  pendingStep?: PendingStep;

  /**
   * With `pendingStep: 'second-factor'` only: the ways this account can give it (`code`: an
   * authenticator app or recovery codes; `passkey`: at least one passkey).
   */
  @ApiSecondFactorMethods()
  secondFactorMethods?: SecondFactorMethod[];
}

/** What the login page needs to know before anyone logs in. */
export class AuthStatusDto {
  /** True once an administrator account exists: the login page then stops offering to create the first one. */
  adminExists: boolean;
  /** True while this browser gave a right password and the second factor is still to come. */
  secondFactorPending: boolean;
  /**
   * Only while the second factor is pending: the ways the account can give it (`code`: an
   * authenticator app or recovery codes; `passkey`: at least one passkey). Absent otherwise.
   */
  @ApiSecondFactorMethods()
  secondFactorMethods?: SecondFactorMethod[];
}
