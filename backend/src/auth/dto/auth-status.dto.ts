/** What the login page needs to know before anyone logs in. */
export class AuthStatusDto {
  /** True once an administrator account exists: the login page then stops offering to create the first one. */
  adminExists: boolean;
  /** True while this browser gave a right password and the second factor is still to come. */
  secondFactorPending: boolean;
}
