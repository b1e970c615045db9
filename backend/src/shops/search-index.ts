import { searchTextOf } from 'contract';
import { inTurn } from '../common/event-loop-turns.js';
import type { ShopDto } from './dto/shop.dto.js';

/** Shops indexed per turn of the event loop while an index is built (about 10 ms of work). */
const SHOPS_PER_TURN = 100;

/**
 * The visitors' search over one catalogue version, built once: each distinct word of the shops'
 * searchable texts, with the shops that have it. A query word never holds a space, so a text
 * contains it exactly when one of the text's words does (the listing's rule, contract
 * filterShops): a query looks at the vocabulary for its longest word, then only at the shops
 * that word matches, not at every shop's text.
 */
export class SearchIndex {
  /** Word → the positions, in the catalogue's order, of the shops whose text has it. */
  private readonly shopsByWord = new Map<string, number[]>();
  /** Each shop's searchable text, by position (the contract's, computed once per shop). */
  private readonly texts: string[] = [];

  private constructor(private readonly shops: readonly ShopDto[]) {}

  /**
   * Indexes `shops` in slices, each in a turn of the event loop of its own (inTurn): at 10,000
   * shops the whole build (every shop's normalised text) would hold other requests for a few
   * hundred ms.
   */
  static async build(shops: readonly ShopDto[]): Promise<SearchIndex> {
    const index = new SearchIndex(shops);
    for (let start = 0; start < shops.length; start += SHOPS_PER_TURN) {
      await inTurn(() =>
        shops.slice(start, start + SHOPS_PER_TURN).forEach((shop, offset) => index.add(shop, start + offset)),
      );
    }
    return index;
  }

  private add(shop: ShopDto, position: number): void {
    const text = searchTextOf(shop);
    this.texts[position] = text;
    for (const word of new Set(text.split(/\s+/))) {
      if (!word) continue;
      const positions = this.shopsByWord.get(word);
      if (positions) positions.push(position);
      else this.shopsByWord.set(word, [position]);
    }
  }

  /** The shops whose searchable text contains every one of `words` (normalised), in the catalogue's order. */
  matching(words: readonly string[]): ShopDto[] {
    if (words.length === 0) return [...this.shops];
    // The longest word is usually the rarest: it picks the candidates, the others only test them.
    const [first, ...others] = [...words].sort((a, b) => b.length - a.length);
    let candidates = this.candidatesFor(first);
    for (const word of others) {
      candidates = candidates.filter((position) => this.texts[position].includes(word));
    }
    return candidates.map((position) => this.shops[position]);
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
    // A word found nearly everywhere (`a`): testing each text is as cheap as merging the lists,
    // and either costs in proportion to the matches.
    if (total > this.shops.length) {
      return this.texts.flatMap((text, position) => (text.includes(word) ? [position] : []));
    }
    return [...new Set(lists.flat())].sort((a, b) => a - b);
  }
}
