import { isBackupDue } from './dashboardRules';
import { DEFAULT_PARAMS, parseShopListParams, shopListQuery, shopListSearch } from './shopListParams';

describe('dashboard rules', () => {
  it('asks for a backup when there was none or the last is 3 months old', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(isBackupDue(null, now)).toBe(true);
    expect(isBackupDue('2026-08-21T12:00:00Z', now)).toBe(true);
    expect(isBackupDue('2026-09-01T12:00:00Z', now)).toBe(false);
  });
});

describe('the list state in the URL', () => {
  it('reads defaults for anything missing or malformed', () => {
    expect(parseShopListParams(new URLSearchParams(''))).toEqual(DEFAULT_PARAMS);
    expect(
      parseShopListParams(new URLSearchParams('page=-2&pageSize=7&sort=email&order=up&verified=maybe')),
    ).toEqual(DEFAULT_PARAMS);
  });

  it('writes only what differs from the defaults, and reads it back', () => {
    const params = {
      ...DEFAULT_PARAMS,
      page: 3,
      sort: 'city' as const,
      order: 'desc' as const,
      q: 'armería',
    };
    const search = shopListSearch(params);
    expect(search.toString()).toBe('page=3&sort=city&order=desc&q=armer%C3%ADa');
    expect(parseShopListParams(search)).toEqual(params);
    expect(shopListSearch(DEFAULT_PARAMS).toString()).toBe('');
  });

  it('asks the API only for the filters that are on', () => {
    expect(shopListQuery({ ...DEFAULT_PARAMS, q: '  caza ', verified: 'true', state: 'Jalisco' })).toEqual({
      page: 1,
      pageSize: 20,
      sort: 'name',
      order: 'asc',
      q: 'caza',
      verified: 'true',
      state: 'Jalisco',
    });
  });
});
