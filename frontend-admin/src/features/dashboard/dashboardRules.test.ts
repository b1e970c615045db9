import { makeShop } from '../../test/renderAdmin';
import { filterAdminShops, isBackupDue, shopCategories } from './dashboardRules';

describe('dashboard rules', () => {
  const norte = makeShop({
    name: 'Armería del Norte',
    city: 'Monterrey',
    categories: ['Caza', 'Armería'],
    isVerified: 'true',
  });
  const sur = makeShop({
    name: 'Taller Sur',
    city: 'Mérida',
    state: 'Yucatán',
    categories: ['Mantenimiento'],
  });

  it('searches name, city, state and categories, ignoring case and accents', () => {
    expect(filterAdminShops([norte, sur], 'merida', 'all')).toEqual([sur]);
    expect(filterAdminShops([norte, sur], 'CAZA', 'all')).toEqual([norte]);
    expect(filterAdminShops([norte, sur], '', 'all')).toEqual([norte, sur]);
  });

  it('filters verified and unverified', () => {
    expect(filterAdminShops([norte, sur], '', 'verified')).toEqual([norte]);
    expect(filterAdminShops([norte, sur], '', 'unverified')).toEqual([sur]);
  });

  it('lists distinct categories alphabetically', () => {
    expect(shopCategories([norte, sur, makeShop({ categories: ['armería'] })])).toEqual([
      'Armería',
      'Caza',
      'Mantenimiento',
    ]);
  });

  it('asks for a backup when there was none or the last is 3 months old', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(isBackupDue(null, now)).toBe(true);
    expect(isBackupDue('2026-08-21T12:00:00Z', now)).toBe(true);
    expect(isBackupDue('2026-09-01T12:00:00Z', now)).toBe(false);
  });
});
