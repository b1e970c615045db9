import { applyDecorators } from '@nestjs/common';
import { IsNotEmpty, IsString, Length, Matches, MaxLength, MinLength, ValidateBy } from 'class-validator';
import { MAX_PASSWORD_LENGTH, MAX_USERNAME_LENGTH, MIN_PASSWORD_LENGTH, MIN_USERNAME_LENGTH } from 'contract';
import { BIDI_CONTROL, INVISIBLE_CHARACTER } from '../credential-safety/username-skeleton.js';

const TOO_LONG = `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;
const USERNAME_LENGTH = `Username must be ${MIN_USERNAME_LENGTH} to ${MAX_USERNAME_LENGTH} characters`;
/** Field error codes and the numbers their sentences name (see common/validation.pipe.ts). */
const PASSWORD_MAX = { params: { max: MAX_PASSWORD_LENGTH } };
const USERNAME_RULE = {
  code: 'INVALID_USERNAME',
  params: { min: MIN_USERNAME_LENGTH, max: MAX_USERNAME_LENGTH },
};

/** A new password, bounded (the ceiling guards the hasher); the service checks strength with the username. */
export function IsNewPassword(requiredMessage = 'Password is required') {
  return applyDecorators(
    IsNotEmpty({ message: requiredMessage }),
    IsString({ message: 'Password must be text' }),
    MinLength(MIN_PASSWORD_LENGTH, {
      message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
      context: { params: { min: MIN_PASSWORD_LENGTH } },
    }),
    MaxLength(MAX_PASSWORD_LENGTH, { message: TOO_LONG, context: PASSWORD_MAX }),
  );
}

/** A password being checked (login, current password): only present and bounded. */
export function IsGivenPassword(requiredMessage: string) {
  return applyDecorators(
    IsNotEmpty({ message: requiredMessage }),
    IsString({ message: 'Password must be text' }),
    MaxLength(MAX_PASSWORD_LENGTH, { message: TOO_LONG, context: PASSWORD_MAX }),
  );
}

/** A password confirmation; whether it matches is checked by the service. */
export function IsPasswordConfirmation() {
  return applyDecorators(
    IsNotEmpty({ message: 'Please confirm your password' }),
    IsString({ message: 'Please confirm your password' }),
    MaxLength(MAX_PASSWORD_LENGTH, { message: TOO_LONG, context: PASSWORD_MAX }),
  );
}

/** A new account's username, 3 to 50 characters trimmed; rules in checking order (first failure shows). */
export function IsNewUsername() {
  return applyDecorators(
    IsNotEmpty({ message: 'Username is required' }),
    IsString({ message: 'Username must be text' }),
    Length(MIN_USERNAME_LENGTH, MAX_USERNAME_LENGTH, { message: USERNAME_LENGTH, context: USERNAME_RULE }),
    Lacks('hasNoBidiControls', BIDI_CONTROL, 'Username must not contain direction-changing characters', {
      code: 'BIDI_CHARACTERS',
    }),
    Lacks(
      'hasNoInvisibleCharacters',
      INVISIBLE_CHARACTER,
      'Username must not contain invisible characters or spaces other than the plain space',
      { code: 'INVISIBLE_CHARACTERS' },
    ),
    Matches(/^[^\p{C}]+$/u, {
      message: 'Username must not contain control characters',
      context: { code: 'CONTROL_CHARACTERS' },
    }),
  );
}

/** A text that holds no character of `forbidden`; each rule has its own name so its code is its own. */
function Lacks(name: string, forbidden: RegExp, message: string, context: { code: string }) {
  return ValidateBy(
    { name, validator: { validate: (value) => typeof value === 'string' && !forbidden.test(value) } },
    { message, context },
  );
}

/** A username given to log in: present and bounded. */
export function IsGivenUsername() {
  return applyDecorators(
    IsNotEmpty({ message: 'Username is required' }),
    IsString({ message: 'Username must be text' }),
    MaxLength(MAX_USERNAME_LENGTH, { message: USERNAME_LENGTH, context: USERNAME_RULE }),
  );
}
