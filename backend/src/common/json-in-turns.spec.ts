import { describe, expect, it } from '@jest/globals';
import { setImmediate } from 'node:timers';
import { performance } from 'node:perf_hooks';
import { stringifyJsonInTurns } from './json-in-turns.js';

/** A list of 2,000 shop-like records (about 400 KB), with multi-byte characters and escapes. */
const shops = Array.from({ length: 2_000 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  name: `Armería “El Águila” nº ${i} — 🎯`,
  description: 'Línea 1\nLínea 2\t"citado" \\ \u2028 fin. '.repeat(3),
  lat: 19.4 + i / 1e4,
  verified: i % 2 === 0,
  logo: i % 3 ? null : '/api/objects/uploads/x.png',
  categories: ['rifles', 'pistolas'],
}));

/** Counts the turns of the event loop until `work` ends. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let done = false;
  const count = () =>
    setImmediate(() => {
      turns += 1;
      if (!done) count();
    });
  count();
  const value = await work();
  done = true;
  return { value, turns };
}

describe('stringifyJsonInTurns', () => {
  it("gives JSON.stringify's bytes for a document whose list is its last key", async () => {
    const document = { applied: true, counts: { created: 2, refused: 0 }, note: 'Línea “1” 🎯', rows: shops };
    const bytes = await stringifyJsonInTurns(document, 'rows');
    expect(bytes.equals(Buffer.from(JSON.stringify(document)))).toBe(true);
  });

  it.each([
    ['an empty list', { total: 0, rows: [] as unknown[] }],
    ['nothing but the list', { rows: [1, 'dos', null, { tres: [3] }] as unknown[] }],
    ['what has no JSON form in the list', { rows: [undefined, () => 1, Symbol('x'), 2] as unknown[] }],
  ])('writes %s as JSON.stringify does', async (_, document) => {
    expect((await stringifyJsonInTurns(document, 'rows')).toString('utf8')).toBe(JSON.stringify(document));
  });

  it('writes the list last when it is not, the same document once parsed', async () => {
    const document = { rows: shops.slice(0, 3), total: 3 };
    const text = (await stringifyJsonInTurns(document, 'rows')).toString('utf8');
    expect(JSON.parse(text)).toEqual(document);
    expect(text.endsWith(']}')).toBe(true);
  });

  it('lets the loop turn while a long list is written', async () => {
    // Each item takes at least 1 ms to write, whatever the machine: 1,000 of them are a second.
    const slow = Array.from({ length: 1_000 }, (_, index) => ({
      toJSON() {
        const until = performance.now() + 1;
        while (performance.now() < until);
        return index;
      },
    }));
    const { value, turns } = await turnsDuring(() => stringifyJsonInTurns({ rows: slow }, 'rows'));
    expect(JSON.parse(value.toString('utf8'))).toEqual({ rows: slow.map((_, index) => index) });
    // A turn of its own for each slice of items (ITEMS_PER_TURN of encoded-document).
    expect(turns).toBeGreaterThanOrEqual(3);
  });
});
