import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { siteDictionary, withoutSiteWords } from './site-words.js';

/** The lowest zxcvbn score (0-4) a new password may have: 3 is "safely unguessable" offline, slow hash. */
export const MIN_PASSWORD_SCORE = 3;

/** zxcvbn's time grows faster than the password: a prefix is scored (may refuse, never lets one through). */
export const SCORED_LENGTH = 100;
const L33T_MAX_SUBSTITUTIONS = 20;

/** Why a password was refused, as zxcvbn's translation keys; the admin translates them. */
export interface PasswordWeakness {
  score: number;
  /** A key such as `common` or `wordByItself`, or '' when zxcvbn gives no warning. */
  warning: string;
  /** The first suggestion's key, or ''. */
  suggestion: string;
}

let estimator: Promise<ZxcvbnFactory> | undefined;

/** Built on first use: the dictionaries are large, and only a new password needs them. */
function zxcvbn(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en, esEs] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
      import('@zxcvbn-ts/language-es-es'),
    ]);
    return new ZxcvbnFactory({
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary, ...esEs.dictionary, siteWords: siteDictionary() },
      maxLength: SCORED_LENGTH,
      l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
    });
  })();
  return estimator;
}

/** The account's data as zxcvbn's user inputs: each value and its parts of 3+ characters. */
export function accountInputs(values: string[]): string[] {
  const parts = values.flatMap((value) => [
    value,
    ...value.split(/[\s._@+-]+/u).filter((part) => part.length >= 3),
  ]);
  return [...new Set(parts.filter(Boolean))];
}

/**
 * Why a new password scores below MIN_PASSWORD_SCORE, or null, in PasswordStrengthCheck's worker. One with
 * the site's words must be strong without them: zxcvbn scores "Armeros-ATM-2025" 3; attackers try it first.
 */
export default async function passwordWeakness({
  password,
  userInputs = [],
}: {
  password: string;
  userInputs?: string[];
}): Promise<PasswordWeakness | null> {
  const estimator = await zxcvbn();
  const inputs = accountInputs(userInputs);
  const result = estimator.check(password, inputs);
  if (result.score < MIN_PASSWORD_SCORE) {
    return {
      score: result.score,
      warning: result.feedback.warning ?? '',
      suggestion: result.feedback.suggestions[0] ?? '',
    };
  }
  const rest = withoutSiteWords(password);
  if (rest === password) return null;
  const restScore = estimator.check(rest, inputs).score;
  if (restScore >= MIN_PASSWORD_SCORE) return null;
  return { score: restScore, warning: SITE_WORDS_WARNING, suggestion: 'anotherWord' };
}

/** The reason for a password strong only by the site's own words: not one of zxcvbn's keys. */
export const SITE_WORDS_WARNING = 'siteWords';
