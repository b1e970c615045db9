import { describe, expect, it } from '@jest/globals';
import passwordWeakness, { accountInputs, SCORED_LENGTH, SITE_WORDS_WARNING } from './password-strength.js';
import { SITE_WORDS, STATES, withoutSiteWords } from './site-words.js';

describe('passwordWeakness', () => {
  it('refuses common, keyboard and username-based passwords, with zxcvbn keys for the reason', async () => {
    expect(await passwordWeakness({ password: 'contraseña123' })).toMatchObject({
      score: expect.any(Number),
    });
    expect(await passwordWeakness({ password: 'qwertyuiop' })).toMatchObject({ warning: expect.any(String) });
    expect(
      await passwordWeakness({ password: 'armero-norte-2024', userInputs: ['armero-norte-2024'] }),
    ).not.toBeNull();
  });

  it('accepts a passphrase of uncommon words, in Spanish or in other scripts', async () => {
    expect(await passwordWeakness({ password: 'el-armero-de-la-esquina-afila-la-mira' })).toBeNull();
    expect(await passwordWeakness({ password: 'ñandú 🔐 пароль 密码 كلمة' })).toBeNull();
  });

  it('scores only the first characters of a long password: a repeated start is refused whatever follows', async () => {
    const strongTail = 'el-armero-de-la-esquina-afila-la-mira';
    expect(
      await passwordWeakness({ password: 'a'.repeat(SCORED_LENGTH - strongTail.length) + strongTail }),
    ).toBeNull();
    expect(await passwordWeakness({ password: 'a'.repeat(SCORED_LENGTH) + strongTail })).toMatchObject({
      warning: 'simpleRepeat',
    });
  });

  it('accepts a 1,024-character password of words and digits', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `contraseña${i * 7919}`)
      .join('-')
      .slice(0, 1024);
    expect(await passwordWeakness({ password: long })).toBeNull();
  });

  it("refuses the site's own words with a year, whatever their case or accents", async () => {
    for (const password of [
      'Armeria2024!',
      'Mexico2026!',
      'Armeros-ATM-2025',
      'ARMERÍA2024!',
      'México2026!',
    ]) {
      expect(await passwordWeakness({ password, userInputs: ['admin'] })).toMatchObject({
        score: expect.any(Number),
      });
    }
  });

  it('refuses a password strong only by the words of the site, with its own warning', async () => {
    for (const password of [
      'Jalisco-Armeros-2024',
      'NuevoLeón-1999',
      'Gunsmiths-Sonora-7!',
      'Armeros-ATM-2025-Jalisco',
    ]) {
      expect(await passwordWeakness({ password, userInputs: ['admin'] })).toMatchObject({
        warning: SITE_WORDS_WARNING,
        suggestion: 'anotherWord',
      });
    }
    expect(
      await passwordWeakness({ password: 'alianza de tiradores de méxico', userInputs: ['admin'] }),
    ).not.toBeNull();
  });

  it('accepts a passphrase that holds a word of the site among uncommon ones', async () => {
    expect(
      await passwordWeakness({ password: 'el-armero-de-la-esquina-afila-la-mira', userInputs: ['admin'] }),
    ).toBeNull();
    expect(
      await passwordWeakness({ password: 'atmosfera-grulla-de-papel-9', userInputs: ['admin'] }),
    ).toBeNull();
  });

  it("refuses the parts of the account's username", async () => {
    expect(accountInputs(['armero-norte'])).toEqual(['armero-norte', 'armero', 'norte']);
    expect(await passwordWeakness({ password: 'Xoloitzcuintle#2024', userInputs: ['admin'] })).toBeNull();
    expect(
      await passwordWeakness({ password: 'Xoloitzcuintle#2024', userInputs: ['xoloitzcuintle-ramirez'] }),
    ).toMatchObject({
      warning: 'userInputs',
    });
  });
});

describe('withoutSiteWords', () => {
  it('takes out every word of the site, whatever its case, accents or spaces, and keeps the rest as written', () => {
    expect(withoutSiteWords('Armeros-ATM-2025')).toBe('--2025');
    expect(withoutSiteWords('ARMERÍA-Ñandú')).toBe('-Ñandú');
    expect(withoutSiteWords('SanLuisPotosí_baja california sur!')).toBe('_!');
    expect(withoutSiteWords('ñandú-contraseña')).toBe('ñandú-contraseña');
  });

  it('names the alliance, the trade, the country, the product and all 32 federal entities', () => {
    for (const word of [
      'atm',
      'alianza de tiradores de méxico',
      'armería',
      'gunsmiths',
      'méxico',
      'directorio',
    ]) {
      expect(SITE_WORDS).toContain(word);
    }
    // The 32 entities and two short forms (CDMX, Edomex); a few whose accents or words are easy to lose.
    expect(STATES).toHaveLength(34);
    for (const entity of [
      'baja california sur',
      'ciudad de méxico',
      'estado de méxico',
      'nuevo león',
      'yucatán',
    ]) {
      expect(SITE_WORDS).toContain(entity);
    }
  });
});
