import { describe, expect, it } from 'vitest';
import { memoryStore } from '../lib/storage';
import {
  initialLanguage,
  isRemembered,
  matchNavigatorLanguage,
  queryLocaleChoice,
  readLocaleChoice,
  saveLocaleChoice,
} from './preferences';

describe('saveLocaleChoice', () => {
  it('always writes session storage, local storage only when remembered', () => {
    const session = memoryStore();
    const local = memoryStore();
    saveLocaleChoice(session, local, { country: 'DE', language: 'de' }, null);
    expect(session.getItem('language')).toBe('de');
    expect(session.getItem('loc_code')).toBe('DE');
    expect(local.getItem('language')).toBeNull();
    saveLocaleChoice(session, local, { country: 'FR', language: 'fr' }, true);
    expect(local.getItem('language')).toBe('fr');
    expect(local.getItem('loc_code')).toBe('FR');
    expect(isRemembered(local)).toBe(true);
    saveLocaleChoice(session, local, { country: 'IT', language: 'it' }, false);
    expect(local.getItem('language')).toBeNull();
    expect(session.getItem('language')).toBe('it');
  });
});

describe('readLocaleChoice', () => {
  it('prefers the tab, then the remembered choice, and drops unknown values', () => {
    const local = memoryStore({ language: 'sv', loc_code: 'SE' });
    expect(readLocaleChoice(memoryStore(), local)).toEqual({ language: 'sv', country: 'SE' });
    expect(readLocaleChoice(memoryStore({ language: 'da' }), local)).toEqual({
      language: 'da',
      country: 'SE',
    });
    expect(readLocaleChoice(memoryStore({ language: 'xx', loc_code: 'ZZ' }), memoryStore())).toEqual({
      language: null,
      country: null,
    });
  });
});

describe('matchNavigatorLanguage', () => {
  it.each([
    [['de-AT', 'en'], 'de'],
    [['zh-HK'], 'zh-TW'],
    [['zh-Hant-TW'], 'zh-TW'],
    [['zh'], 'zh-CN'],
    [['zh-CN'], 'zh-CN'],
    [['nn-NO'], 'nb'],
    [['no'], 'nb'],
    [['ja', 'fr-CA'], 'fr'],
    [['ja'], null],
    [[], null],
  ] as const)('%o → %s', (langs, out) => {
    expect(matchNavigatorLanguage(langs)).toBe(out);
  });
});

describe('initialLanguage', () => {
  const none = { country: null, language: null };
  it('takes the hash, then the query, then storage, then the browser, then English', () => {
    const base = { hash: {}, query: {}, stored: none, navigatorLanguages: [] as string[] };
    expect(initialLanguage(base)).toBe('en');
    expect(initialLanguage({ ...base, navigatorLanguages: ['pl'] })).toBe('pl');
    expect(
      initialLanguage({ ...base, navigatorLanguages: ['pl'], stored: { country: null, language: 'cs' } }),
    ).toBe('cs');
    expect(
      initialLanguage({ ...base, query: { language: 'hu' }, stored: { country: null, language: 'cs' } }),
    ).toBe('hu');
    expect(initialLanguage({ ...base, hash: { language: 'ar' }, query: { language: 'hu' } })).toBe('ar');
  });
});

describe('queryLocaleChoice', () => {
  const none = { country: null, language: null };

  it('stores the language of /login?language=ar, though the start shows it already', () => {
    // Unstored, the sign-in put the account's English in its place and a reload turned the page.
    expect(queryLocaleChoice({ language: 'ar' }, none, 'ar')).toEqual({ country: null, language: 'ar' });
  });

  it('does nothing when the query is the stored choice or names nothing', () => {
    expect(queryLocaleChoice({ language: 'ar' }, { country: null, language: 'ar' }, 'ar')).toBeNull();
    expect(
      queryLocaleChoice({ country: 'DE', language: 'de' }, { country: 'DE', language: 'de' }, 'de'),
    ).toBeNull();
    expect(queryLocaleChoice({}, none, 'en')).toBeNull();
  });

  it("takes a country's own language when the query names only the country", () => {
    expect(queryLocaleChoice({ country: 'DE' }, { country: 'GB', language: 'en' }, 'en')).toEqual({
      country: 'DE',
      language: 'de',
    });
  });

  it('keeps the stored country when the query names only the language', () => {
    expect(queryLocaleChoice({ language: 'fr' }, { country: 'BE', language: 'nl' }, 'nl')).toEqual({
      country: 'BE',
      language: 'fr',
    });
  });
});
