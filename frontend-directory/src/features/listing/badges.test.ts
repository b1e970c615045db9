import { MAX_BADGES, splitBadges } from './badges';

describe('splitBadges', () => {
  it('shows up to 3 categories and hides nothing', () => {
    expect(MAX_BADGES).toBe(3);
    expect(splitBadges(['A', 'B', 'C'])).toEqual({ shown: ['A', 'B', 'C'], hidden: [] });
    expect(splitBadges(['A'])).toEqual({ shown: ['A'], hidden: [] });
    expect(splitBadges([])).toEqual({ shown: [], hidden: [] });
  });
  it('moves the rest into +N', () => {
    expect(splitBadges(['A', 'B', 'C', 'D', 'E'])).toEqual({ shown: ['A', 'B', 'C'], hidden: ['D', 'E'] });
  });
});
