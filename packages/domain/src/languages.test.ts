import { describe, it, expect } from 'vitest';
import { DEFAULT_LANGUAGE, isLanguageCode, LANGUAGES, languageDir } from './languages';

describe('languages (spec §1, §9: 22 base languages)', () => {
  it('lists the 22 base languages in the spec order', () => {
    expect(LANGUAGES.map((l) => l.code)).toEqual([
      'en', 'zh-CN', 'fr', 'de', 'sv', 'zh-TW', 'it', 'nl', 'pt', 'es', 'tr',
      'cs', 'pl', 'da', 'fi', 'nb', 'hu', 'sk', 'sl', 'el', 'he', 'ar',
    ]); // prettier-ignore
  });

  it('writes Hebrew and Arabic right to left, the others left to right', () => {
    expect(LANGUAGES.filter((l) => l.dir === 'rtl').map((l) => l.code)).toEqual(['he', 'ar']);
    expect(languageDir('ar')).toBe('rtl');
    expect(languageDir('xx')).toBe('ltr');
  });

  it('has a native and an English name for each, and Intl knows every code', () => {
    for (const l of LANGUAGES) {
      expect(l.nativeName.length).toBeGreaterThan(1);
      expect(l.englishName.length).toBeGreaterThan(1);
      expect(Intl.getCanonicalLocales(l.code)).toEqual([l.code]);
    }
  });

  it('recognises codes exactly and defaults to English', () => {
    expect(isLanguageCode('zh-TW')).toBe(true);
    expect(isLanguageCode('zh')).toBe(false);
    expect(isLanguageCode(3)).toBe(false);
    expect(DEFAULT_LANGUAGE).toBe('en');
  });
});
