import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { siteDictionary, withoutSiteWords } from './site-words.js';

/** The lowest zxcvbn score (0-4) a new password may have: 3 is "safely unguessable" offline with a slow hash. */
export const MIN_PASSWORD_SCORE = 3;

/**
 * zxcvbn's matching grows faster than the password: with its defaults (256 characters, 100 l33t
 * substitutions) one 967-character password of words and digits took 5 s on a worker, and an
 * admin may send 1,024. Only the first 100 characters are scored, with at most 20 l33t
 * substitutions (the worst password we found: 0.3 s). Scoring a prefix can only find fewer
 * guesses, so a long password is refused, never let through, for what its start looks like.
 */
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

/**
 * Loaded and built on first use, not at start-up: the dictionaries (common passwords, English and
 * Spanish words and names) are 2.5 MB of code, unpacked when loaded, and only a new password needs
 * them. The site's own words (site-words.ts) are one more dictionary, of its first guesses.
 */
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

/**
 * The account's own data as zxcvbn's user inputs: each value, and each of its parts of three
 * characters or more ("armero-norte" also gives "armero" and "norte").
 */
export function accountInputs(values: string[]): string[] {
  const parts = values.flatMap((value) => [
    value,
    ...value.split(/[\s._@+-]+/u).filter((part) => part.length >= 3),
  ]);
  return [...new Set(parts.filter(Boolean))];
}

/**
 * Scores a new password against common passwords, English and Spanish words and names, the site's
 * own words, keyboard patterns, dates and the account's own data (`userInputs`: its username).
 * Returns the reason when it scores below MIN_PASSWORD_SCORE, or null when it is strong enough.
 *
 * A password made of the site's words is scored a second time without them, and must be strong
 * on what remains: zxcvbn adds at least 10^4 guesses for each part after the first, so three parts
 * of the site ("Armeros-ATM-2025") score 3 however well-known each is, while an attacker of this
 * site tries its words, joined by a separator and followed by a year, among the first.
 */
export async function passwordWeakness(
  password: string,
  userInputs: string[] = [],
): Promise<PasswordWeakness | null> {
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
