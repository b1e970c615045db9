import { describe, expect, it, jest } from '@jest/globals';
import argon2 from 'argon2';
import type { AppConfig } from '../config/app.config.js';
import { HASHING_CONCURRENCY, PasswordHasher } from './password-hasher.service.js';

const hasher = (passwordHashCost: AppConfig['passwordHashCost']) =>
  new PasswordHasher({ passwordHashCost } as AppConfig);
/** The algorithm and its cost as a PHC string states them: `$argon2id$v=19$m=..,t=..,p=..$salt$hash`. */
const costOf = (hash: string) => {
  const [, algorithm, , params] = hash.split('$');
  return { algorithm, ...Object.fromEntries(params.split(',').map((param) => param.split('='))) };
};

describe('PasswordHasher', () => {
  it('hashes with argon2id at 64 MiB, 3 passes in one lane (one core a hash) unless configured for tests', async () => {
    expect(costOf(await hasher('standard').hash('correct horse'))).toEqual({
      algorithm: 'argon2id',
      m: '65536',
      t: '3',
      p: '1',
    });
    expect(costOf(await hasher('test').hash('correct horse'))).toEqual({
      algorithm: 'argon2id',
      m: '1024',
      t: '1',
      p: '1',
    });
  });

  it('verifies a hash made at either cost, and refuses a wrong password or an unknown user', async () => {
    const standardHash = await hasher('standard').hash('correct horse');
    // A hash made in the library's default 4 lanes, as before, still verifies.
    const fourLanes = await argon2.hash('correct horse', { type: argon2.argon2id });
    expect(await hasher('standard').verify(fourLanes, 'correct horse')).toBe(true);
    const cheap = hasher('test');
    expect(await cheap.verify(standardHash, 'correct horse')).toBe(true);
    expect(await cheap.verify(await cheap.hash('correct horse'), 'correct horse')).toBe(true);
    expect(await cheap.verify(standardHash, 'wrong horse')).toBe(false);
    expect(await cheap.verify(null, 'decoy-password-for-unknown-users')).toBe(false);
  });

  it('computes at most HASHING_CONCURRENCY hashes at once: a burst waits its turn', async () => {
    const cheap = hasher('test');
    const hash = await cheap.hash('correct horse');
    const real = argon2.verify.bind(argon2);
    let running = 0;
    let most = 0;
    const spy = jest.spyOn(argon2, 'verify').mockImplementation(async (...args) => {
      running += 1;
      most = Math.max(most, running);
      try {
        return await real(...args);
      } finally {
        running -= 1;
      }
    });
    try {
      const burst = Array.from({ length: HASHING_CONCURRENCY + 6 }, () =>
        cheap.verify(hash, 'correct horse'),
      );
      expect(await Promise.all(burst)).toEqual(burst.map(() => true));
      expect(most).toBe(HASHING_CONCURRENCY);
    } finally {
      spy.mockRestore();
    }
  });
});
