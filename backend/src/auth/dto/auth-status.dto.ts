/** What the login page needs to know before anyone logs in. */
export class AuthStatusDto {
  /** True once an administrator account exists: the login page then stops offering to create the first one. */
  adminExists: boolean;
}
