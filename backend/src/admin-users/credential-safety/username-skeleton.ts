import { remove as replaceConfusables } from 'confusables';

/** ASCII letters and sequences that look alike in common fonts, mapped to one form. */
const LOOKALIKE_SEQUENCES: [RegExp, string][] = [
  [/rn/g, 'm'],
  [/vv/g, 'w'],
  [/cl/g, 'd'],
  [/[il1|!]/g, 'l'],
  [/0/g, 'o'],
  [/5/g, 's'],
];

/**
 * A username's confusable skeleton (after UTS #39, but without case or accents): two names with
 * one skeleton look alike on screen (`аdmin` with a Cyrillic а, `ADMlN`, `admin`).
 */
export function usernameSkeleton(username: string): string {
  let skeleton = replaceConfusables(username.normalize('NFKC'))
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
  for (const [pattern, replacement] of LOOKALIKE_SEQUENCES) skeleton = skeleton.replace(pattern, replacement);
  return skeleton;
}

/** Bidirectional controls: they reorder what is shown, so a name can read differently from what it is. */
export const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** Characters that show nothing or look like a space (format characters, other spaces, blank letters). */
export const INVISIBLE_CHARACTER =
  // eslint-disable-next-line no-misleading-character-class -- combining marks listed on purpose, each one alone
  /[\p{Cf}\p{Zl}\p{Zp}\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\u115F\u1160\u3164\uFFA0\u2800\u17B4\u17B5]|[\u034F\u180B-\u180F\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
