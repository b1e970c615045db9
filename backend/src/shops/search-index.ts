import { searchTextOf } from 'contract';
import type { ShopDto } from './dto/shop.dto.js';

/** Visitors' search over one catalogue version; a query word is in a text when in one of its words. */
export class SearchIndex {
  /** Word → the positions, in the catalogue's order, of the shops whose text has it. */
  private readonly shopsByWord = new Map<string, number[]>();
  private readonly texts: string[];

  constructor(shops: readonly ShopDto[]) {
    this.texts = shops.map((shop) => searchTextOf(shop));
    this.texts.forEach((text, position) => {
      for (const word of new Set(text.split(/\s+/))) {
        if (!word) continue;
        const positions = this.shopsByWord.get(word);
        if (positions) positions.push(position);
        else this.shopsByWord.set(word, [position]);
      }
    });
  }

  /** The positions of the shops whose text contains every one of `words` (normalised), in order. */
  matching(words: readonly string[]): Int32Array {
    if (words.length === 0) return Int32Array.from(this.texts.keys());
    // The longest word is usually the rarest: it picks the candidates, the others only test them.
    const [first, ...others] = [...words].sort((a, b) => b.length - a.length);
    let candidates = this.candidatesFor(first);
    for (const word of others) {
      candidates = candidates.filter((position) => this.texts[position].includes(word));
    }
    return Int32Array.from(candidates);
  }

  /** The positions of the shops whose text contains `word`, in order. */
  private candidatesFor(word: string): number[] {
    const lists: number[][] = [];
    let total = 0;
    for (const [indexed, positions] of this.shopsByWord) {
      if (!indexed.includes(word)) continue;
      lists.push(positions);
      total += positions.length;
    }
    // A word found nearly everywhere (`a`): testing each text costs no more than merging the lists.
    if (total > this.texts.length) {
      return this.texts.flatMap((text, position) => (text.includes(word) ? [position] : []));
    }
    return [...new Set(lists.flat())].sort((a, b) => a - b);
  }
}
