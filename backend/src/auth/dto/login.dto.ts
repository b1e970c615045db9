import { IsGivenPassword, IsGivenUsername } from '../../admin-users/dto/credential.rules.js';

/** Credentials for `POST /api/auth/login`. */
export class LoginDto {
  /** @example "admin" */
  @IsGivenUsername()
  username: string;

  /** @example "correct horse battery staple" */
  @IsGivenPassword('Password is required')
  password: string;
}

/** The current administrator's password, to confirm a dangerous action. */
export class ReauthenticateDto {
  @IsGivenPassword('Password is required')
  password: string;
}
