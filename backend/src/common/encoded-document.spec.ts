import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { jsonInSlices } from './encoded-document.js';

describe('jsonInSlices', () => {
  it('writes the same bytes as JSON.stringify, whatever the length of the list, and hashes them', async () => {
    const item = (i: number) => ({
      id: `shop-${i}`,
      name: `Armería "Ñ" ${i}\n`,
      categories: ['Caza', 'Reparación'],
      latitude: i % 3 ? 20.5 : null,
      updatedAt: new Date(Date.UTC(2026, 10, 26, 0, 0, i % 60)),
    });
    for (const length of [0, 1, 249, 250, 251, 1_001]) {
      const items = Array.from({ length }, (_, i) => item(i));
      const hash = createHash('sha256');
      const bytes = await jsonInSlices(items, hash);
      expect(bytes.toString('utf8')).toBe(JSON.stringify(items));
      expect(hash.digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });
});
