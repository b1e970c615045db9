import { applyDecorators } from '@nestjs/common';
import { IsNotEmpty, IsString, Length, Matches, MaxLength, MinLength } from 'class-validator';

/** Spec section 9: passwords have at least 6 characters. */
export const MIN_PASSWORD_LENGTH = 6;
/** Checked before hashing, so a huge password cannot tie up the CPU. */
export const MAX_PASSWORD_LENGTH = 1024;

/** A new password: the spec's minimum and a ceiling that protects the hasher. */
export function IsNewPassword(requiredMessage = 'Password is required') {
  return applyDecorators(
    IsNotEmpty({ message: requiredMessage }),
    IsString({ message: 'Password must be text' }),
    MinLength(MIN_PASSWORD_LENGTH, { message: 'Password must be at least 6 characters' }),
    MaxLength(MAX_PASSWORD_LENGTH, { message: 'Password must be at most 1024 characters' }),
  );
}

/** A password being checked (login, current password): only present and bounded. */
export function IsGivenPassword(requiredMessage: string) {
  return applyDecorators(
    IsNotEmpty({ message: requiredMessage }),
    IsString({ message: 'Password must be text' }),
    MaxLength(MAX_PASSWORD_LENGTH, { message: 'Password must be at most 1024 characters' }),
  );
}

/** A password confirmation; whether it matches is checked by the service. */
export function IsPasswordConfirmation() {
  return applyDecorators(
    IsNotEmpty({ message: 'Please confirm your password' }),
    IsString({ message: 'Please confirm your password' }),
    MaxLength(MAX_PASSWORD_LENGTH, { message: 'Password must be at most 1024 characters' }),
  );
}

/**
 * A username for a new account: 3 to 50 characters after trimming. Rules are listed in the
 * order they are checked (only the first failure is reported).
 */
export function IsNewUsername() {
  return applyDecorators(
    IsNotEmpty({ message: 'Username is required' }),
    IsString({ message: 'Username must be text' }),
    Length(3, 50, { message: 'Username must be 3 to 50 characters' }),
    Matches(/^[^\p{C}]+$/u, { message: 'Username must not contain control characters' }),
  );
}

/** A username given to log in: present and bounded. */
export function IsGivenUsername() {
  return applyDecorators(
    IsNotEmpty({ message: 'Username is required' }),
    IsString({ message: 'Username must be text' }),
    MaxLength(50, { message: 'Username must be 3 to 50 characters' }),
  );
}
