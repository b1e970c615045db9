// The words this site shows on every page, the first its attackers try, written as the site writes them.
import words from './site-words.json' with { type: 'json' };

export const STATES: readonly string[] = words.states;

export const SITE_WORDS: readonly string[] = [
  ...words.alliance,
  ...words.trade,
  ...words.country,
  ...words.product,
  ...words.states,
];

/** Lower case, without accents: "México" and "MEXICO" both fold to "mexico". */
export function foldCase(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The site's words as a zxcvbn dictionary (ranked by place): as written, without accents, without spaces. */
export function siteDictionary(): string[] {
  const forms = SITE_WORDS.flatMap((word) => {
    const plain = foldCase(word);
    return [word, plain, word.replaceAll(' ', ''), plain.replaceAll(' ', '')];
  });
  return [...new Set(forms)];
}

/** A word as a pattern: without case or accents, the parts of a name joined by nothing or separators. */
function wordPattern(word: string): string {
  return foldCase(word)
    .split(/\s+/u)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s._-]*');
}

let siteWordPattern: RegExp | undefined;

/** The password without the site's words (any case or accents); zxcvbn already scores the username. */
export function withoutSiteWords(password: string): string {
  // Longest first, so "baja california sur" is taken whole, not as "baja california".
  siteWordPattern ??= new RegExp(
    [...new Set(SITE_WORDS.map(foldCase))]
      .sort((a, b) => b.length - a.length)
      .map(wordPattern)
      .join('|'),
    'g',
  );
  // Each character with its folded form; a word found in the folded text drops the characters it spans.
  const characters = Array.from(password);
  let folded = '';
  const owner: number[] = [];
  characters.forEach((character, index) => {
    for (const unit of foldCase(character)) {
      folded += unit;
      for (let k = 0; k < unit.length; k++) owner.push(index);
    }
  });
  const dropped = new Set<number>();
  for (const match of folded.matchAll(siteWordPattern)) {
    for (let k = match.index; k < match.index + match[0].length; k++) dropped.add(owner[k]);
  }
  return characters.filter((_, index) => !dropped.has(index)).join('');
}
