import { IsNewPassword, IsPasswordConfirmation } from './credential.rules.js';

/** A new password for another administrator. */
export class ResetPasswordDto {
  /** At least 6 characters. */
  @IsNewPassword('New password is required')
  newPassword: string;

  /** Must equal `newPassword`. */
  @IsPasswordConfirmation()
  confirmPassword: string;
}
