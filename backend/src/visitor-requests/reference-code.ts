import { randomInt } from 'node:crypto';

/** Digits and capitals without look-alikes (0/O, 1/I/L) or U. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new reference code such as `K7M4-Q2XD`: 30^8 (about 6.6e11) possibilities. */
export function newReferenceCode(): string {
  const pick = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${pick()}-${pick()}`;
}
