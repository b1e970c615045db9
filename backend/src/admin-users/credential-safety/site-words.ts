/** The words this site shows on every page, the first its attackers try, written as the site writes them. */
const ALLIANCE = [
  'atm',
  'alianza',
  'tirador',
  'tiradores',
  'alianza de tiradores',
  'alianza de tiradores de méxico',
];

const TRADE = [
  'armería',
  'armerías',
  'armero',
  'armeros',
  'armera',
  'armeras',
  'gunsmith',
  'gunsmiths',
  'gunsmithing',
];

const COUNTRY = ['méxico', 'mexicano', 'mexicana', 'mexicanos', 'mexicanas', 'mexican', 'mexicans'];

const PRODUCT = [
  'directorio',
  'directory',
  'atm armeros',
  'atm gunsmiths',
  'armeros certificados',
  'certified gunsmiths',
];

/** The 32 federal entities, with their usual short forms. */
export const STATES = [
  'aguascalientes',
  'baja california',
  'baja california sur',
  'campeche',
  'chiapas',
  'chihuahua',
  'ciudad de méxico',
  'cdmx',
  'coahuila',
  'colima',
  'durango',
  'guanajuato',
  'guerrero',
  'hidalgo',
  'jalisco',
  'estado de méxico',
  'edomex',
  'michoacán',
  'morelos',
  'nayarit',
  'nuevo león',
  'oaxaca',
  'puebla',
  'querétaro',
  'quintana roo',
  'san luis potosí',
  'sinaloa',
  'sonora',
  'tabasco',
  'tamaulipas',
  'tlaxcala',
  'veracruz',
  'yucatán',
  'zacatecas',
];

export const SITE_WORDS: readonly string[] = [...ALLIANCE, ...TRADE, ...COUNTRY, ...PRODUCT, ...STATES];

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

/**
 * The password without the site's words, whatever their case or accents: what it adds to the
 * attacker's first guesses. The username stays: zxcvbn already scores it as a user input.
 */
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
