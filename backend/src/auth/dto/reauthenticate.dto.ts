import { IsGivenPassword } from '../../admin-users/dto/credential.rules.js';

/** The current administrator's password, to confirm a dangerous action. */
export class ReauthenticateDto {
  @IsGivenPassword('Password is required')
  password: string;
}
