// Unit tests of the verification's rules (run by the backend's Jest: backend/jest.config.js).
import { describe, expect, it } from '@jest/globals';
import {
  certificateCheckUrl,
  checkCertificate,
  checkShop,
  isVerifiedAt,
  LISTING_SHOP_FIELD_NAMES,
  localDay,
  normalizeShopValue,
  SHOP_FIELD,
  shopFieldProblem,
  verificationProblems,
} from './index.js';

const at = (iso) => Date.parse(iso);

describe('verification rules', () => {
  it('stores a certificate number in capitals and refuses other characters', () => {
    const number = SHOP_FIELD.certificateNumber;
    expect(normalizeShopValue(number, ' atm-2026/014 ')).toBe('ATM-2026/014');
    expect(shopFieldProblem(number, 'ATM-2026/014')).toBeNull();
    expect(shopFieldProblem(number, 'ATM 2026')?.code).toBe('INVALID_CERTIFICATE_NUMBER');
    expect(shopFieldProblem(number, '-ATM')?.code).toBe('INVALID_CERTIFICATE_NUMBER');
    expect(normalizeShopValue(number, '')).toBeNull();
  });

  it('takes days that exist, written YYYY-MM-DD', () => {
    expect(shopFieldProblem(SHOP_FIELD.verifiedOn, '2028-02-29')).toBeNull();
    expect(shopFieldProblem(SHOP_FIELD.verifiedOn, '2027-02-29')?.code).toBe('INVALID_DATE');
    expect(shopFieldProblem(SHOP_FIELD.validUntil, '1/5/2027')?.code).toBe('INVALID_DATE');
  });

  it('wants valid-until after verified-on, a number with dates and a day with a number', () => {
    expect(
      verificationProblems({ certificateNumber: 'A1', verifiedOn: '2026-05-01', validUntil: '2027-05-01' }),
    ).toEqual([]);
    expect(
      verificationProblems({ certificateNumber: 'A1', verifiedOn: '2026-05-01', validUntil: null }),
    ).toEqual([]);
    expect(verificationProblems({})).toEqual([]);
    expect(
      verificationProblems({ certificateNumber: 'A1', verifiedOn: '2026-05-01', validUntil: '2026-05-01' }),
    ).toEqual([expect.objectContaining({ field: 'validUntil', code: 'VALID_UNTIL_NOT_AFTER_VERIFIED_ON' })]);
    expect(verificationProblems({ verifiedOn: '2026-05-01' })).toEqual([
      expect.objectContaining({ field: 'certificateNumber', code: 'REQUIRED' }),
    ]);
    expect(verificationProblems({ certificateNumber: 'A1' })).toEqual([
      expect.objectContaining({ field: 'verifiedOn', code: 'REQUIRED' }),
    ]);
  });

  it('checks the rules across fields with the whole shop, once per field', () => {
    const { problems } = checkShop({
      certificateNumber: 'A1',
      verifiedOn: '2026-05-01',
      validUntil: '2026-04-01',
    });
    expect(problems.filter(({ field }) => field === 'validUntil')).toEqual([
      expect.objectContaining({ code: 'VALID_UNTIL_NOT_AFTER_VERIFIED_ON' }),
    ]);
    const refused = checkShop({
      certificateNumber: 'A1',
      verifiedOn: '2026-05-01',
      validUntil: 'soon',
    }).problems;
    expect(refused.filter(({ field }) => field === 'validUntil')).toEqual([
      expect.objectContaining({ code: 'INVALID_DATE' }),
    ]);
  });

  it("ends a period the day after valid-until, in the shop's own time zone", () => {
    const shop = { state: 'Jalisco', isVerified: 'true', validUntil: '2027-05-01' };
    // 23:30 on 1 May in Guadalajara (UTC-6) is still the last day; 00:30 on 2 May is not.
    expect(isVerifiedAt(shop, at('2027-05-02T05:30:00Z'))).toBe(true);
    expect(isVerifiedAt(shop, at('2027-05-02T06:30:00Z'))).toBe(false);
    // Tijuana is on UTC-7 in May: the same instant is still 1 May there.
    expect(isVerifiedAt({ ...shop, state: 'Baja California' }, at('2027-05-02T06:30:00Z'))).toBe(true);
    expect(localDay(at('2027-05-02T06:30:00Z'), 'America/Mexico_City')).toBe('2027-05-02');
  });

  it('keeps the checkbox meaning for a verification with no dates, and no checkbox means not verified', () => {
    expect(
      isVerifiedAt({ state: 'Jalisco', isVerified: 'true', validUntil: null }, at('2099-01-01T00:00:00Z')),
    ).toBe(true);
    expect(isVerifiedAt({ state: 'Jalisco', isVerified: 'false', validUntil: null }, Date.now())).toBe(false);
  });

  it("says whether a link's number is the shop's current certificate", () => {
    const shop = {
      state: 'Jalisco',
      isVerified: 'true',
      certificateNumber: 'ATM-1',
      validUntil: '2027-05-01',
    };
    expect(checkCertificate(shop, 'atm-1', at('2027-05-01T12:00:00Z'))).toEqual({
      status: 'current',
      validUntil: '2027-05-01',
    });
    expect(checkCertificate(shop, 'ATM-1', at('2027-05-03T12:00:00Z'))).toEqual({
      status: 'expired',
      validUntil: '2027-05-01',
    });
    expect(checkCertificate(shop, 'ATM-2', at('2027-05-01T12:00:00Z'))).toEqual({ status: 'mismatch' });
    expect(checkCertificate({ ...shop, isVerified: 'false' }, 'ATM-1', at('2027-05-01T12:00:00Z'))).toEqual({
      status: 'withdrawn',
    });
    expect(certificateCheckUrl('https://atm.mx', 'a-b', 'ATM-2026/1')).toBe(
      'https://atm.mx/shops/a-b?certificado=ATM-2026%2F1',
    );
  });

  it('leaves the verification out of what a visitor may send', () => {
    for (const name of ['isVerified', 'certificateNumber', 'verifiedOn', 'validUntil', 'verificationNote'])
      expect(LISTING_SHOP_FIELD_NAMES).not.toContain(name);
  });
});
