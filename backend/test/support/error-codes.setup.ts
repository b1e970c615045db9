import { afterAll, expect } from '@jest/globals';
import { unlistedCodes } from './error-codes.js';

// Every suite that starts a test app (support/test-app.ts) fails if an answer carried an unlisted code.
afterAll(() => {
  expect(unlistedCodes).toEqual([]);
});
