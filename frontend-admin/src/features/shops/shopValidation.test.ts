import badValues from '../../../../contract/fixtures/bad-shop-values.json';
import {
  NEW_SHOP_VALUES,
  toShopInput,
  SHOP_FIELDS,
  validateShopField,
  type ShopField,
  type ShopFormValues,
} from './shopValidation';

const valid: ShopFormValues = {
  ...NEW_SHOP_VALUES,
  name: 'Armería del Norte',
  email: 'ventas@norte.mx',
  phone: '+52 (81) 5555-0101',
  description: 'Taller',
  address: 'Calle Hidalgo 12',
  city: 'Monterrey',
  state: 'Nuevo León',
  googleMapsUrl: 'https://maps.google.com/?q=1',
  categories: ['Armería'],
  mapImageUrl: '/objects/uploads/0b6f3f4e-3c1a-4d2b-9a7e-1f2e3d4c5b6a',
};

describe("shop rules (the server's, with its messages)", () => {
  it('accepts a complete shop', () => {
    expect(SHOP_FIELDS.map((field) => validateShopField(field, valid)).filter(Boolean)).toEqual([]);
  });

  it.each([
    ['name', 'Name is required'],
    ['description', 'Description is required'],
    ['address', 'Address is required'],
    ['city', 'City is required'],
    ['state', 'State is required'],
    ['phone', 'Phone is required'],
    ['email', 'Email is required'],
    ['logo', 'Logo is required'],
    ['mapImageUrl', 'Map image is required'],
    ['googleMapsUrl', 'Google Maps URL is required'],
  ] as const)('%s is required: "%s"', (field, message) => {
    const error = validateShopField(field, { ...valid, [field]: '   ' });
    expect(error!.message).toBe(message);
  });

  it.each([
    ['email', 'ventas@', 'Email must be a valid email address'],
    ['phone', 'abc', 'Phone must be a phone number'],
    [
      'whatsapp',
      '33 1234 5678',
      'WhatsApp must be an international phone number starting with + and the country code',
    ],
    [
      'whatsapp',
      '+52 33 1234 5678 ext 2',
      'WhatsApp must be an international phone number starting with + and the country code',
    ],
    ['website', 'ftp://norte.mx', 'Website must be an http(s) URL'],
    ['website', 'javascript:alert(1)', 'Website must be an http(s) URL'],
    ['googleMapsUrl', 'maps.google.com', 'Google Maps URL must be an http(s) URL'],
    ['logo', 'rocket', 'Logo must be an uploaded image, an http(s) URL or an icon key'],
    ['logo', '/objects/../etc/passwd', 'Logo must be an uploaded image, an http(s) URL or an icon key'],
    ['mapImageUrl', 'crosshairs', 'Map image must be an uploaded image or an http(s) URL'],
    ['latitude', 'norte', 'Latitude must be a number'],
    ['latitude', '90.5', 'Latitude must be between 14.5 and 32.75 (in Mexico)'],
    ['latitude', '-19.43', 'Latitude must be between 14.5 and 32.75 (in Mexico)'],
    ['latitude', '19.123456789', 'Latitude must have at most 8 decimals'],
    ['longitude', 'x', 'Longitude must be a number'],
    ['longitude', '-180.01', 'Longitude must be between -118.5 and -86.5 (in Mexico)'],
    ['longitude', '99.13', 'Longitude must be between -118.5 and -86.5 (in Mexico)'],
    ['longitude', '-99.123456789', 'Longitude must have at most 8 decimals'],
  ] as const)('%s = %p: "%s"', (field, value, message) => {
    const error = validateShopField(field, { ...valid, [field]: value });
    expect(error!.message).toBe(message);
  });

  it('needs at least one category', () => {
    expect(validateShopField('categories', { ...valid, categories: [] })!.message).toBe(
      'Please select at least one category',
    );
  });

  it('accepts every icon key, uploaded paths and http(s) URLs as logo; website and coordinates are optional', () => {
    for (const logo of [
      'crosshairs',
      'bullseye',
      'medal',
      'bow-arrow',
      'tools',
      'shield-alt',
      'https://x.mx/l.png',
      valid.mapImageUrl,
    ])
      expect(validateShopField('logo', { ...valid, logo })).toBeNull();
    expect(validateShopField('website', { ...valid, website: '' })).toBeNull();
    expect(validateShopField('whatsapp', { ...valid, whatsapp: ' ' })).toBeNull();
    expect(validateShopField('whatsapp', { ...valid, whatsapp: '+52 (33) 1234-5678' })).toBeNull();
    expect(validateShopField('latitude', { ...valid, latitude: '' })).toBeNull();
    expect(validateShopField('latitude', { ...valid, latitude: '14.5' })).toBeNull();
    expect(validateShopField('longitude', { ...valid, longitude: '-99.12345678' })).toBeNull();
  });

  it('a new shop starts with the crosshairs icon as logo and no map', () => {
    expect(NEW_SHOP_VALUES.logo).toBe('crosshairs');
    expect(NEW_SHOP_VALUES.mapImageUrl).toBe('');
  });

  it('sends trimmed text, null for an empty website and coordinates, and isVerified as text', () => {
    expect(
      toShopInput({ ...valid, name: '  Norte ', website: ' ', latitude: '19.5', isVerified: true }),
    ).toMatchObject({
      name: 'Norte',
      website: null,
      whatsapp: null,
      latitude: 19.5,
      longitude: null,
      isVerified: 'true',
    });
  });

  // The same table the backend's shop-rules-everywhere test sends to the API and a CSV import.
  it.each(badValues)(
    'refuses $field = $value with $code, as the API and a CSV import do',
    ({ field, value, code }) => {
      expect(validateShopField(field as ShopField, { ...valid, [field]: value })?.code).toBe(code);
    },
  );
});
