import { describe, expect, it } from '@jest/globals';
import { changedFields, MAX_LOGGED_TEXT } from './activity-changes.js';

describe('changedFields', () => {
  it('lists only the fields whose value changed, with the old and the new value', () => {
    const before = { name: 'A', city: 'León', categories: ['Caza'], website: null, latitude: 19.5 };
    const after = {
      name: 'B',
      city: 'León',
      categories: ['Caza', 'Armería'],
      website: undefined,
      latitude: 19.5,
    };
    expect(changedFields(before, after, Object.keys(after))).toEqual({
      name: { from: 'A', to: 'B' },
      categories: { from: ['Caza'], to: ['Caza', 'Armería'] },
    });
  });

  it('cuts long texts so an entry stays small', () => {
    const long = 'x'.repeat(MAX_LOGGED_TEXT + 50);
    const { description } = changedFields({ description: long }, { description: 'short' }, ['description']);
    expect(description.from).toBe(`${'x'.repeat(MAX_LOGGED_TEXT)}…`);
    expect(description.to).toBe('short');
  });
});
