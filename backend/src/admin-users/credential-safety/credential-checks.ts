import { ApiError, type FieldError } from '../../common/api-error.js';
import { passwordWeakness } from './password-strength.js';
import { usernameSkeleton } from './username-skeleton.js';

/**
 * Refuses a new password that zxcvbn scores below 3 (with English and Spanish dictionaries and
 * the account's username), naming the field the form shows it beside. The reason travels as
 * zxcvbn's keys (`params.warning`, `params.suggestion`) for the admin to translate.
 */
export async function assertStrongPassword(password: string, field: string, username: string): Promise<void> {
  const weakness = await passwordWeakness(password, [username]);
  if (!weakness) return;
  const params = { warning: weakness.warning, suggestion: weakness.suggestion };
  const message = 'The password is too easy to guess: use a longer one, several uncommon words for example';
  const error: FieldError = { field, code: 'WEAK_PASSWORD', message, params };
  throw new ApiError(400, 'WEAK_PASSWORD', message, { errors: [error], params });
}

/**
 * Refuses a new username that looks like an existing one (same confusable skeleton) but is not
 * the same name: an exact match, whatever the case, is USERNAME_TAKEN instead.
 */
export function assertNotConfusable(username: string, existing: string[]): void {
  const skeleton = usernameSkeleton(username);
  const lookalike = existing.find(
    (name) => name.toLowerCase() !== username.toLowerCase() && usernameSkeleton(name) === skeleton,
  );
  if (!lookalike) return;
  const message =
    'This username looks like an existing administrator\u2019s: choose one that cannot be mistaken for it';
  const params = { similarTo: lookalike };
  throw new ApiError(409, 'USERNAME_CONFUSABLE', message, {
    errors: [{ field: 'username', code: 'USERNAME_CONFUSABLE', message, params }],
    params,
  });
}
