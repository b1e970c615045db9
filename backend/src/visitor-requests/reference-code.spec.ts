import { describe, expect, it } from '@jest/globals';
import { REQUEST_REFERENCE_PATTERN } from 'contract';
import { newReferenceCode } from './reference-code.js';

describe('newReferenceCode', () => {
  it('gives two groups of four characters without look-alikes, different each time', () => {
    const codes = Array.from({ length: 200 }, newReferenceCode);
    for (const code of codes) expect(code).toMatch(REQUEST_REFERENCE_PATTERN);
    expect(codes.join('')).not.toMatch(/[01ILOU]/);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
