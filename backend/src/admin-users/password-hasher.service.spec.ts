import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '../config/app.config.js';
import { PasswordHasher } from './password-hasher.service.js';

const hasher = (passwordHashCost: AppConfig['passwordHashCost']) =>
  new PasswordHasher({ passwordHashCost } as AppConfig);
/** The algorithm and its cost as a PHC string states them: `$argon2id$v=19$m=..,t=..,p=..$salt$hash`. */
const costOf = (hash: string) => {
  const [, algorithm, , params] = hash.split('$');
  return { algorithm, ...Object.fromEntries(params.split(',').map((param) => param.split('='))) };
};

describe('PasswordHasher', () => {
  it("hashes with argon2id's standard cost (64 MiB, 3 passes) unless configured for tests", async () => {
    expect(costOf(await hasher('standard').hash('correct horse'))).toEqual({
      algorithm: 'argon2id',
      m: '65536',
      t: '3',
      p: '4',
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
    const cheap = hasher('test');
    expect(await cheap.verify(standardHash, 'correct horse')).toBe(true);
    expect(await cheap.verify(await cheap.hash('correct horse'), 'correct horse')).toBe(true);
    expect(await cheap.verify(standardHash, 'wrong horse')).toBe(false);
    expect(await cheap.verify(null, 'decoy-password-for-unknown-users')).toBe(false);
  });
});
