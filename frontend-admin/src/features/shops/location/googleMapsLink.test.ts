import { coordinatesOfGoogleMapsLink } from './googleMapsLink';

const ZOCALO = { latitude: 19.4326077, longitude: -99.133208 };

describe('the point of a Google Maps link', () => {
  it.each([
    [
      '@ in a place link',
      'https://www.google.com/maps/place/Z%C3%B3calo/@19.4326077,-99.133208,17z/data=!3m1!4b1',
    ],
    ['@ in a shared view', 'https://www.google.com.mx/maps/@19.4326077,-99.133208,15z'],
    ['@ escaped', 'https://www.google.com/maps/%4019.4326077,-99.133208,15z'],
    ['q=', 'https://maps.google.com/?q=19.4326077,-99.133208'],
    ['q= with a space', 'https://maps.google.com/maps?q=19.4326077,%20-99.133208&z=15'],
    ['q= with a plus', 'https://maps.google.com/maps?q=19.4326077,+-99.133208'],
    ['query=', 'https://www.google.com/maps/search/?api=1&query=19.4326077,-99.133208'],
    ['query= encoded', 'https://www.google.com/maps/search/?api=1&query=19.4326077%2C-99.133208'],
    [
      'query= before an @ view',
      'https://www.google.com/maps/search/@20,-100,5z?api=1&query=19.4326077,-99.133208',
    ],
    ['surrounding spaces', '  https://google.com/maps?q=19.4326077,-99.133208  '],
  ])('reads %s', (_form, link) => expect(coordinatesOfGoogleMapsLink(link)).toEqual(ZOCALO));

  it('keeps at most 8 decimals and reads signs and whole degrees', () => {
    expect(coordinatesOfGoogleMapsLink('https://maps.google.com/?q=+20.123456789,-103')).toEqual({
      latitude: 20.12345679,
      longitude: -103,
    });
  });

  it.each([
    ['another site', 'https://www.openstreetmap.org/?q=19.43,-99.13'],
    ['a look-alike host', 'https://google.com.evil.example/maps?q=19.43,-99.13'],
    ['a look-alike subdomain', 'https://notgoogle.com/maps?q=19.43,-99.13'],
    ['a short link', 'https://maps.app.goo.gl/AbCdEf123'],
    ['a place name', 'https://maps.google.com/?q=Z%C3%B3calo,+CDMX'],
    ['a number and a name', 'https://maps.google.com/?q=19.43,Centro'],
    ['three numbers in q', 'https://maps.google.com/?q=19.43,-99.13,5'],
    ['a latitude beyond 90', 'https://maps.google.com/?q=91,-99.13'],
    ['a longitude beyond 180', 'https://www.google.com/maps/@19.43,-181,15z'],
    ['a half number', 'https://maps.google.com/?q=19.,-99.13'],
    ['not a link', '19.4326077,-99.133208'],
    ['a javascript: link', 'javascript:alert("https://maps.google.com/?q=19.43,-99.13")'],
    ['empty text', ''],
  ])('reads nothing from %s', (_case, link) => expect(coordinatesOfGoogleMapsLink(link)).toBeNull());

  it('reads nothing from hostile links (long runs of digits, commas and points)', () => {
    expect(
      coordinatesOfGoogleMapsLink(`https://maps.google.com/?q=${'1'.repeat(900)}${',-'.repeat(500)}`),
    ).toBeNull();
    expect(coordinatesOfGoogleMapsLink(`https://www.google.com/maps/@${'9.'.repeat(1000)}`)).toBeNull();
    // Longer than a shop's link may be, even when it would name a point.
    const padded = `https://maps.google.com/?q=19.43,-99.13&x=${'a'.repeat(2048)}`;
    expect(coordinatesOfGoogleMapsLink(padded)).toBeNull();
  });
});
