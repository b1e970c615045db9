import { IsOptional } from 'class-validator';
import { IsNewPassword, IsNewUsername, IsPasswordConfirmation } from './credential.rules.js';
import { Trimmed } from '../../common/dto-decorators.js';

/** A new administrator account. */
export class CreateAdminUserDto {
  /** 3 to 50 characters, unique regardless of case; surrounding spaces are removed. */
  @Trimmed()
  @IsNewUsername()
  username: string;

  /** At least 6 characters. */
  @IsNewPassword()
  password: string;

  /** Optional; when sent it must equal `password`. */
  @IsOptional()
  @IsPasswordConfirmation()
  confirmPassword?: string;
}
