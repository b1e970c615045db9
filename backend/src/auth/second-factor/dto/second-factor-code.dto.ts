import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** A 6-digit code from the authenticator app, or one of the recovery codes. */
export class SecondFactorCodeDto {
  /** @example "492039" */
  @IsNotEmpty({ message: 'Code is required' })
  @IsString({ message: 'Code must be text' })
  @MaxLength(32, { message: 'Code must be at most 32 characters', context: { params: { max: 32 } } })
  code: string;
}
