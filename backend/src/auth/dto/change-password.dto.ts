import {
  IsGivenPassword,
  IsNewPassword,
  IsPasswordConfirmation,
} from '../../admin-users/dto/credential.rules.js';

/** Changing one's own password. */
export class ChangePasswordDto {
  @IsGivenPassword('Current password is required')
  currentPassword: string;

  /** At least 6 characters. */
  @IsNewPassword('New password is required')
  newPassword: string;

  /** Must equal `newPassword`. */
  @IsPasswordConfirmation()
  confirmPassword: string;
}
