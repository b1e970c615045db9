import { ApiSecondFactorMethods, type SecondFactorMethod } from './current-admin.dto.js';

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
