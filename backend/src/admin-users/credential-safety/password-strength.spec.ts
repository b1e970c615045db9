import { describe, expect, it } from '@jest/globals';
import { passwordWeakness, SCORED_LENGTH } from './password-strength.js';

describe('passwordWeakness', () => {
  it('refuses common, keyboard and username-based passwords, with zxcvbn keys for the reason', async () => {
    expect(await passwordWeakness('contraseña123')).toMatchObject({ score: expect.any(Number) });
    expect(await passwordWeakness('qwertyuiop')).toMatchObject({ warning: expect.any(String) });
    expect(await passwordWeakness('armero-norte-2024', ['armero-norte-2024'])).not.toBeNull();
  });

  it('accepts a passphrase of uncommon words, in Spanish or in other scripts', async () => {
    expect(await passwordWeakness('el-armero-de-la-esquina-afila-la-mira')).toBeNull();
    expect(await passwordWeakness('ñandú 🔐 пароль 密码 كلمة')).toBeNull();
  });

  it('scores only the first characters of a long password: a repeated start is refused whatever follows', async () => {
    const strongTail = 'el-armero-de-la-esquina-afila-la-mira';
    expect(await passwordWeakness('a'.repeat(SCORED_LENGTH - strongTail.length) + strongTail)).toBeNull();
    expect(await passwordWeakness('a'.repeat(SCORED_LENGTH) + strongTail)).toMatchObject({
      warning: 'simpleRepeat',
    });
  });

  it('accepts a 1,024-character password of words and digits', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `contraseña${i * 7919}`)
      .join('-')
      .slice(0, 1024);
    expect(await passwordWeakness(long)).toBeNull();
  });
});
