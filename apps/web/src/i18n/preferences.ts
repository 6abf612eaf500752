import { defaultLanguageOfCountry, findCountry, isLanguageCode, type LanguageCode } from '@cgm/domain';
import type { KeyValueStore } from '../lib/storage';
import { normalizeLanguage, type UrlLocale } from './url-locale';

// Where the country and language choice is kept (spec §2 "Header, footer, language"): session
// storage always, local storage as well when the user ticks "remember" in the language dialog.
// The keys are the session keys of spec §3 (language, loc_code).

export const PREF_KEYS = { language: 'language', country: 'loc_code' } as const;

export interface LocaleChoice {
  country: string | null;
  language: LanguageCode | null;
}

function readFrom(store: KeyValueStore): LocaleChoice {
  const language = store.getItem(PREF_KEYS.language);
  const country = store.getItem(PREF_KEYS.country);
  return {
    language: isLanguageCode(language) ? language : null,
    country: country ? (findCountry(country)?.code ?? null) : null,
  };
}

/** The stored choice: this tab's first, then the remembered one. */
export function readLocaleChoice(session: KeyValueStore, local: KeyValueStore): LocaleChoice {
  const s = readFrom(session);
  const l = readFrom(local);
  return { language: s.language ?? l.language, country: s.country ?? l.country };
}

export function isRemembered(local: KeyValueStore): boolean {
  return readFrom(local).language !== null;
}

export function saveLocaleChoice(
  session: KeyValueStore,
  local: KeyValueStore,
  choice: { country?: string | null; language: LanguageCode },
  remember: boolean | null,
): void {
  session.setItem(PREF_KEYS.language, choice.language);
  if (choice.country) session.setItem(PREF_KEYS.country, choice.country);
  if (remember === true) {
    local.setItem(PREF_KEYS.language, choice.language);
    if (choice.country) local.setItem(PREF_KEYS.country, choice.country);
  } else if (remember === false) {
    local.removeItem(PREF_KEYS.language);
    local.removeItem(PREF_KEYS.country);
  }
}

/** The best of the browser's preferred languages among the portal's 22. */
export function matchNavigatorLanguage(preferred: readonly string[]): LanguageCode | null {
  for (const tag of preferred) {
    const exact = normalizeLanguage(tag);
    if (exact) return exact;
    const lower = tag.toLowerCase();
    if (/^zh-(tw|hk|mo|hant)/.test(lower)) return 'zh-TW';
    if (lower.startsWith('zh')) return 'zh-CN';
    if (/^(no|nn)\b/.test(lower)) return 'nb';
    const primary = normalizeLanguage(lower.split('-')[0]);
    if (primary) return primary;
  }
  return null;
}

export interface InitialLocaleInput {
  hash: UrlLocale;
  query: UrlLocale;
  stored: LocaleChoice;
  navigatorLanguages: readonly string[];
}

/** The language at start: URL hash, URL query, stored choice, the browser's languages, English. */
export function initialLanguage(input: InitialLocaleInput): LanguageCode {
  return (
    input.hash.language ??
    input.query.language ??
    input.stored.language ??
    matchNavigatorLanguage(input.navigatorLanguages) ??
    'en'
  );
}

/**
 * What a public page's `?country=&language=` chooses, to store and apply, or null when it is the
 * stored choice already. Compared with what is stored, not with the language on screen: the start
 * shows the query's language before the page's guard runs, so a choice only shown was never stored,
 * and after sign-in the account's language replaced it at the next reload.
 */
export function queryLocaleChoice(
  query: UrlLocale,
  stored: LocaleChoice,
  current: LanguageCode,
): { country: string | null; language: LanguageCode } | null {
  if (!query.language && !query.country) return null;
  const language = query.language ?? (query.country ? defaultLanguageOfCountry(query.country) : current);
  const country = query.country ?? stored.country;
  if (language === stored.language && country === stored.country) return null;
  return { country, language };
}
