// The 22 base languages of the portal (spec §1, §9), in the spec's order. Codes are BCP 47 tags
// so that Intl formatting and the locale files use the same names.

export interface Language {
  readonly code: string;
  readonly nativeName: string;
  readonly englishName: string;
  readonly dir: 'ltr' | 'rtl';
}

export const LANGUAGES = [
  { code: 'en', nativeName: 'English', englishName: 'English', dir: 'ltr' },
  { code: 'zh-CN', nativeName: '简体中文', englishName: 'Chinese (Simplified)', dir: 'ltr' },
  { code: 'fr', nativeName: 'Français', englishName: 'French', dir: 'ltr' },
  { code: 'de', nativeName: 'Deutsch', englishName: 'German', dir: 'ltr' },
  { code: 'sv', nativeName: 'Svenska', englishName: 'Swedish', dir: 'ltr' },
  { code: 'zh-TW', nativeName: '繁體中文', englishName: 'Chinese (Traditional)', dir: 'ltr' },
  { code: 'it', nativeName: 'Italiano', englishName: 'Italian', dir: 'ltr' },
  { code: 'nl', nativeName: 'Nederlands', englishName: 'Dutch', dir: 'ltr' },
  { code: 'pt', nativeName: 'Português', englishName: 'Portuguese', dir: 'ltr' },
  { code: 'es', nativeName: 'Español', englishName: 'Spanish', dir: 'ltr' },
  { code: 'tr', nativeName: 'Türkçe', englishName: 'Turkish', dir: 'ltr' },
  { code: 'cs', nativeName: 'Čeština', englishName: 'Czech', dir: 'ltr' },
  { code: 'pl', nativeName: 'Polski', englishName: 'Polish', dir: 'ltr' },
  { code: 'da', nativeName: 'Dansk', englishName: 'Danish', dir: 'ltr' },
  { code: 'fi', nativeName: 'Suomi', englishName: 'Finnish', dir: 'ltr' },
  { code: 'nb', nativeName: 'Norsk bokmål', englishName: 'Norwegian Bokmål', dir: 'ltr' },
  { code: 'hu', nativeName: 'Magyar', englishName: 'Hungarian', dir: 'ltr' },
  { code: 'sk', nativeName: 'Slovenčina', englishName: 'Slovak', dir: 'ltr' },
  { code: 'sl', nativeName: 'Slovenščina', englishName: 'Slovenian', dir: 'ltr' },
  { code: 'el', nativeName: 'Ελληνικά', englishName: 'Greek', dir: 'ltr' },
  { code: 'he', nativeName: 'עברית', englishName: 'Hebrew', dir: 'rtl' },
  { code: 'ar', nativeName: 'العربية', englishName: 'Arabic', dir: 'rtl' },
] as const satisfies readonly Language[];

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((l) => l.code);

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

const CODES: ReadonlySet<string> = new Set(LANGUAGE_CODES);

/** Exact match on the code (case-sensitive, as the locale files are named). */
export function isLanguageCode(s: unknown): s is LanguageCode {
  return typeof s === 'string' && CODES.has(s);
}

export function findLanguage(code: string): (typeof LANGUAGES)[number] | undefined {
  return LANGUAGES.find((l) => l.code === code);
}

/** Text direction of a language; unknown codes read left to right. */
export function languageDir(code: string): 'ltr' | 'rtl' {
  return findLanguage(code)?.dir ?? 'ltr';
}
