import { makeShop } from '../../test/shops';
import { distanceKm, parseRadius, rankByDistance, shopPoint } from './distance';
import { formatDistance } from './formatDistance';

const guadalajara = { latitude: 20.6597, longitude: -103.3496 };
const zapopan = { latitude: 20.7236, longitude: -103.3848 };
const mexicoCity = { latitude: 19.4326, longitude: -99.1332 };

describe('distanceKm', () => {
  it('gives the great-circle distance (checked against published figures)', () => {
    // Guadalajara to Mexico City: about 461 km as the crow flies.
    expect(distanceKm(guadalajara, mexicoCity)).toBeCloseTo(461, -1);
    // One degree of latitude along a meridian is 111.2 km.
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111.2, 1);
    expect(distanceKm(guadalajara, guadalajara)).toBe(0);
    expect(distanceKm(guadalajara, zapopan)).toBeCloseTo(distanceKm(zapopan, guadalajara), 10);
  });

  it('stays finite for antipodes', () => {
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(
      20015.1,
      0,
    );
  });
});

describe('shopPoint', () => {
  it('reads coordinates and refuses missing or impossible ones', () => {
    expect(shopPoint({ latitude: 20.5, longitude: -103 })).toEqual({ latitude: 20.5, longitude: -103 });
    expect(shopPoint({ latitude: 0, longitude: 0 })).toEqual({ latitude: 0, longitude: 0 });
    expect(shopPoint({ latitude: null, longitude: -103 })).toBeNull();
    expect(shopPoint({ latitude: 20, longitude: null })).toBeNull();
    expect(shopPoint({ latitude: 91, longitude: 0 })).toBeNull();
    expect(shopPoint({ latitude: Number.NaN, longitude: 0 })).toBeNull();
  });
});

describe('rankByDistance', () => {
  const cdmx = makeShop({ name: 'CDMX', ...mexicoCity });
  const unknownA = makeShop({ name: 'Sin coordenadas A', latitude: null, longitude: null });
  const zap = makeShop({ name: 'Zapopan', ...zapopan });
  const unknownB = makeShop({ name: 'Sin coordenadas B', latitude: 20, longitude: null });
  const centro = makeShop({ name: 'Centro', latitude: 20.6767, longitude: -103.3475 });
  const list = [cdmx, unknownA, zap, unknownB, centro];

  it('puts the nearest first and shops without coordinates last, in their previous order', () => {
    const ranked = rankByDistance(list, guadalajara);
    expect(ranked.shops.map((shop) => shop.name)).toEqual([
      'Centro',
      'Zapopan',
      'CDMX',
      'Sin coordenadas A',
      'Sin coordenadas B',
    ]);
    expect(ranked.distanceOf(centro)).toBeCloseTo(distanceKm(guadalajara, shopPoint(centro)!), 10);
    expect(ranked.distanceOf(unknownA)).toBeNull();
    expect(list.map((shop) => shop.name)[0]).toBe('CDMX'); // the input is left as it was
  });

  it('keeps the given order between shops at the same distance', () => {
    const twin = makeShop({ name: 'Gemela', latitude: centro.latitude, longitude: centro.longitude });
    expect(rankByDistance([twin, centro], guadalajara).shops).toEqual([twin, centro]);
    expect(rankByDistance([centro, twin], guadalajara).shops).toEqual([centro, twin]);
  });

  it('orders shops a few metres apart correctly', () => {
    const shopsAt = [30, 3, 12, 7].map((metres) =>
      makeShop({
        name: `${metres} m`,
        latitude: guadalajara.latitude + metres / 111_195,
        longitude: guadalajara.longitude,
      }),
    );
    expect(rankByDistance(shopsAt, guadalajara).shops.map((shop) => shop.name)).toEqual([
      '3 m',
      '7 m',
      '12 m',
      '30 m',
    ]);
  });

  it('keeps only the shops within the radius, which those without coordinates cannot be', () => {
    expect(rankByDistance(list, guadalajara, 10).shops.map((shop) => shop.name)).toEqual([
      'Centro',
      'Zapopan',
    ]);
    expect(rankByDistance(list, guadalajara, 500).shops.map((shop) => shop.name)).toEqual([
      'Centro',
      'Zapopan',
      'CDMX',
    ]);
    expect(rankByDistance(list, { latitude: 32.5, longitude: -117 }, 10).shops).toEqual([]);
  });
});

describe('parseRadius', () => {
  it('accepts only the offered radii', () => {
    expect([10, 25, 50, 100].map((km) => parseRadius(String(km)))).toEqual([10, 25, 50, 100]);
    for (const raw of [null, '', '0', '30', '-10', '25km', 'any']) expect(parseRadius(raw)).toBeNull();
  });
});

describe('formatDistance', () => {
  it('says metres below 1 km and km with one decimal, in each language', () => {
    expect(formatDistance(3.2149, 'es')).toBe('3.2 km');
    expect(formatDistance(3.2149, 'en')).toBe('3.2 km');
    expect(formatDistance(0.8512, 'es')).toBe('850 m');
    expect(formatDistance(0.0012, 'en')).toBe('10 m');
    expect(formatDistance(0.998, 'es')).toBe('1 km');
    expect(formatDistance(25, 'en')).toBe('25 km');
  });

  it('uses the language number format for long distances', () => {
    expect(formatDistance(1234.4, 'es')).toBe('1,234 km');
    expect(formatDistance(1234.4, 'en')).toBe('1,234 km');
    // A language with another format shows it (the interface only has es and en today).
    expect(formatDistance(1234.4, 'de')).toBe('1.234 km');
  });
});
