import { OPEN_NOW } from 'contract';
import { makeShop } from '../../test/shops';
import { ALL, filterShops, matchesQuery, normalizeText, NO_FILTERS, uniqueSorted } from './filterShops';

const armeria = makeShop({
  name: 'Armería del Bajío',
  city: 'León',
  state: 'Guanajuato',
  categories: ['Armería', 'Caza'],
});
const mexico = makeShop({
  name: 'Tiro Deportivo',
  city: 'Ciudad de México',
  state: 'CDMX',
  categories: ['Deportivo'],
});
const anio = makeShop({
  name: 'Taller del Año',
  description: 'Coleccionismo',
  city: 'Puebla',
  state: 'Puebla',
  categories: ['Coleccionismo', 'Mantenimiento'],
});
const ano = makeShop({
  name: 'Ano Nuevo Outdoors',
  description: 'Accesorios',
  city: 'Monterrey',
  state: 'Nuevo León',
  categories: ['Accesorios'],
});
const shops = [armeria, mexico, anio, ano];
const names = (list: { name: string }[]) => list.map((s) => s.name);

describe('normalizeText', () => {
  it('lower-cases and strips accents but keeps ñ', () => {
    expect(normalizeText('ARMERÍA México Ñandú')).toBe('armeria mexico ñandu');
  });
  it('treats a decomposed ñ (n + combining tilde) as ñ', () => {
    expect(normalizeText('An\u0303o')).toBe('año');
  });
  it('collapses and trims whitespace', () => {
    expect(normalizeText('  caza   y  tiro ')).toBe('caza y tiro');
  });
});

describe('filterShops', () => {
  it('returns everything without filters', () => {
    expect(filterShops(shops, NO_FILTERS)).toHaveLength(4);
  });

  it('ignores accents: armeria finds Armería, mexico finds México', () => {
    expect(names(filterShops(shops, { ...NO_FILTERS, q: 'armeria' }))).toEqual(['Armería del Bajío']);
    expect(names(filterShops(shops, { ...NO_FILTERS, q: 'mexico' }))).toEqual(['Tiro Deportivo']);
    expect(names(filterShops(shops, { ...NO_FILTERS, q: 'león' }))).toEqual(['Armería del Bajío']);
  });

  it('keeps ñ distinct from n', () => {
    expect(names(filterShops(shops, { ...NO_FILTERS, q: 'año' }))).toEqual(['Taller del Año']);
    expect(names(filterShops(shops, { ...NO_FILTERS, q: 'ano' }))).toEqual(['Ano Nuevo Outdoors']);
  });

  it('is case-insensitive and matches name, description, city or any category', () => {
    expect(names(filterShops(shops, { ...NO_FILTERS, q: 'TIRO' }))).toEqual(['Tiro Deportivo']);
    expect(names(filterShops(shops, { ...NO_FILTERS, q: 'coleccionismo' }))).toEqual(['Taller del Año']);
    expect(names(filterShops(shops, { ...NO_FILTERS, q: 'puebla' }))).toEqual(['Taller del Año']);
    expect(names(filterShops(shops, { ...NO_FILTERS, q: 'mantenimiento' }))).toContain('Taller del Año');
    expect(names(filterShops(shops, { ...NO_FILTERS, q: 'caza' }))).toEqual(['Armería del Bajío']);
  });

  it('requires every word of the query to match somewhere', () => {
    expect(names(filterShops(shops, { ...NO_FILTERS, q: 'armeria leon' }))).toEqual(['Armería del Bajío']);
    expect(filterShops(shops, { ...NO_FILTERS, q: 'armeria monterrey' })).toEqual([]);
  });

  it('matches category, city and state case-insensitively by equality', () => {
    expect(names(filterShops(shops, { ...NO_FILTERS, category: 'caza' }))).toEqual(['Armería del Bajío']);
    expect(names(filterShops(shops, { ...NO_FILTERS, city: 'CIUDAD DE MÉXICO' }))).toEqual([
      'Tiro Deportivo',
    ]);
    expect(names(filterShops(shops, { ...NO_FILTERS, state: 'nuevo león' }))).toEqual(['Ano Nuevo Outdoors']);
    // equality, not substring
    expect(filterShops(shops, { ...NO_FILTERS, city: 'Ciudad' })).toEqual([]);
    expect(filterShops(shops, { ...NO_FILTERS, category: 'Arm' })).toEqual([]);
  });

  it("treats 'all' (any case) and empty as no filter", () => {
    expect(filterShops(shops, { q: '', category: ALL, city: 'ALL', state: '', open: '' })).toHaveLength(4);
  });

  it('combines filters', () => {
    expect(
      names(
        filterShops(shops, {
          q: 'taller',
          category: 'Coleccionismo',
          city: 'Puebla',
          state: 'Puebla',
          open: ALL,
        }),
      ),
    ).toEqual(['Taller del Año']);
    expect(filterShops(shops, { q: 'taller', category: 'Caza', city: ALL, state: ALL, open: ALL })).toEqual(
      [],
    );
  });

  it('matchesQuery accepts an empty query', () => {
    expect(matchesQuery(armeria, '   ')).toBe(true);
  });
});

describe('uniqueSorted', () => {
  it('de-duplicates and sorts with Spanish collation', () => {
    expect(uniqueSorted(['Zacatecas', 'Ñuu', 'Nuevo León', 'Ámsterdam', 'Zacatecas', ''])).toEqual([
      'Ámsterdam',
      'Nuevo León',
      'Ñuu',
      'Zacatecas',
    ]);
  });

  it("keeps only the shops open at the moment with open 'now', each in its own time zone", () => {
    const hours = 'Mo-Fr 09:00-14:00,16:00-19:00';
    const frontera = { ...shops[0], name: 'Frontera', state: 'Baja California', openingHours: hours };
    const caribe = { ...shops[1], name: 'Caribe', state: 'Quintana Roo', openingHours: hours };
    const sinHorario = { ...shops[2], name: 'Sin horario', openingHours: null };
    // Wednesday 2026-11-25 16:30 UTC: 08:30 in Tijuana (closed), 11:30 in Cancún (open).
    const now = Date.UTC(2026, 10, 25, 16, 30);
    const all = [frontera, caribe, sinHorario];
    expect(names(filterShops(all, { ...NO_FILTERS, open: OPEN_NOW }, now))).toEqual(['Caribe']);
    // Three hours on: 11:30 in Tijuana (open), 14:30 in Cancún (closed for lunch).
    expect(names(filterShops(all, { ...NO_FILTERS, open: OPEN_NOW }, now + 3 * 3_600_000))).toEqual([
      'Frontera',
    ]);
    expect(filterShops(all, NO_FILTERS, now)).toHaveLength(3);
  });
});
