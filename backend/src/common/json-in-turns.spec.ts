import { describe, expect, it } from '@jest/globals';
import { setImmediate } from 'node:timers';
import {
  parseJsonInTurns,
  parseJsonListInTurns,
  TooManyItems,
} from './json-in-turns.js';

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

describe('parseJsonInTurns', () => {
  it('gives what JSON.parse gives, with characters split between slices, and lets the loop turn', async () => {
    const text = JSON.stringify({ shops, total: shops.length }, null, 1);
    const bytes = Buffer.from(text);
    let turns = 0;
    const count = () =>
      setImmediate(() => {
        turns += 1;
        if (!done) count();
      });
    let done = false;
    count();
    const value = await parseJsonInTurns(bytes);
    done = true;
    expect(value).toEqual(JSON.parse(text));
    // About 400 KB in 64 KB slices: several turns of the loop came between them.
    expect(turns).toBeGreaterThanOrEqual(5);
  });

  it('keeps a "__proto__" key as data, as JSON.parse does', async () => {
    const text = JSON.stringify(shops).replace('"verified"', '"__proto__":{"polluted":true},"verified"');
    const [first] = (await parseJsonInTurns(Buffer.from(text))) as Record<string, unknown>[];
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
    expect(first.polluted).toBeUndefined();
    expect(Object.keys(first)).toContain('__proto__');
  });

  it.each([
    ['cut short', (text: string) => text.slice(0, -10)],
    ['with text after the value', (text: string) => `${text} x`],
    ['with a trailing comma', (text: string) => `${text.slice(0, -1)},]`],
    ['with a bad escape', (text: string) => text.replace('\\n', '\\q')],
  ])('refuses a document %s, as JSON.parse does', async (_, damage) => {
    const text = damage(JSON.stringify(shops));
    expect(() => JSON.parse(text)).toThrow();
    await expect(parseJsonInTurns(Buffer.from(text))).rejects.toThrow();
  });
});

describe('parseJsonListInTurns', () => {
  const text = JSON.stringify(shops, null, 1);

  it('gives what JSON.parse gives for a list within the limit, small or large', async () => {
    expect(await parseJsonListInTurns(Buffer.from(text), shops.length)).toEqual(shops);
    const small = JSON.stringify(shops.slice(0, 3));
    expect(await parseJsonListInTurns(Buffer.from(` \n${small}`), 3)).toEqual(shops.slice(0, 3));
    expect(await parseJsonListInTurns(Buffer.from('[]'), 1)).toEqual([]);
  });

  it('stops at the item past the limit, small or large', async () => {
    await expect(parseJsonListInTurns(Buffer.from(text), shops.length - 1)).rejects.toThrow(TooManyItems);
    await expect(parseJsonListInTurns(Buffer.from(JSON.stringify(shops.slice(0, 4))), 3)).rejects.toThrow(
      TooManyItems,
    );
    // Past the limit the rest is never parsed: a list damaged at its end is refused for its length.
    const damaged = `${JSON.stringify(shops).slice(0, -10)}`;
    await expect(parseJsonListInTurns(Buffer.from(damaged), 10)).rejects.toThrow(TooManyItems);
    await expect(parseJsonListInTurns(Buffer.from(damaged), shops.length)).rejects.not.toThrow(TooManyItems);
  });

  it('keeps a "__proto__" key of an item as data', async () => {
    const hostile = text.replace('"verified"', '"__proto__": {"polluted": true}, "verified"');
    const [first] = (await parseJsonListInTurns(Buffer.from(hostile), shops.length)) as Record<
      string,
      unknown
    >[];
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
    expect(first.polluted).toBeUndefined();
  });

  it('gives any other document whole, for the caller to refuse', async () => {
    const object = JSON.stringify({ shops }, null, 1);
    expect(await parseJsonListInTurns(Buffer.from(object), 1)).toEqual({ shops });
  });

  it.each([
    ['cut short', (value: string) => value.slice(0, -10)],
    ['with text after the list', (value: string) => `${value} x`],
    ['with a trailing comma', (value: string) => `${value.slice(0, -1)},]`],
  ])('refuses a list %s, as JSON.parse does', async (_, damage) => {
    const damaged = damage(JSON.stringify(shops));
    expect(() => JSON.parse(damaged)).toThrow();
    await expect(parseJsonListInTurns(Buffer.from(damaged), shops.length)).rejects.toThrow();
  });
});
