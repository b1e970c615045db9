import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import * as esEs from '@zxcvbn-ts/language-es-es';

/** The lowest zxcvbn score (0-4) a new password may have: 3 is "safely unguessable" offline with a slow hash. */
export const MIN_PASSWORD_SCORE = 3;

/** Why a password was refused, as zxcvbn's translation keys; the admin translates them. */
export interface PasswordWeakness {
  score: number;
  /** A key such as `common` or `wordByItself`, or '' when zxcvbn gives no warning. */
  warning: string;
  /** The first suggestion's key, or ''. */
  suggestion: string;
}

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: the dictionaries (common passwords, English and Spanish words and names) are large. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary, ...esEs.dictionary },
  });
  return estimator;
}

/**
 * Scores a new password against common passwords, English and Spanish words and names, keyboard
 * patterns, dates and the account's own data (`userInputs`: its username). Returns the reason when
 * it scores below MIN_PASSWORD_SCORE, or null when it is strong enough.
 */
export function passwordWeakness(password: string, userInputs: string[] = []): PasswordWeakness | null {
  const result = zxcvbn().check(password, userInputs);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  return {
    score: result.score,
    warning: result.feedback.warning ?? '',
    suggestion: result.feedback.suggestions[0] ?? '',
  };
}
