import { findCountry, LANGUAGE_CODES, type LanguageCode } from '@cgm/domain';

// Country and language given in the URL (spec §1: "Country and language may be given in the URL
// hash query (country code, then language)"). Accepted forms:
//   #country=DE&language=de     #/login?country=DE&language=de     #DE/de     #DE-de     #DE
// Values the portal does not serve are ignored, each on its own.

export interface UrlLocale {
  country?: string;
  language?: LanguageCode;
}

const BY_LOWER = new Map(LANGUAGE_CODES.map((c) => [c.toLowerCase(), c]));

/** A language code in any letter case, or with '_' for '-', as the portal names it. */
export function normalizeLanguage(s: string | null | undefined): LanguageCode | undefined {
  if (!s) return undefined;
  return BY_LOWER.get(s.trim().replace('_', '-').toLowerCase());
}

export function normalizeCountry(s: string | null | undefined): string | undefined {
  if (!s) return undefined;
  return findCountry(s)?.code;
}

function fromParams(params: URLSearchParams): UrlLocale {
  const out: UrlLocale = {};
  const country = normalizeCountry(params.get('country'));
  const language = normalizeLanguage(params.get('language') ?? params.get('lang'));
  if (country) out.country = country;
  if (language) out.language = language;
  return out;
}

export function parseHashLocale(hash: string): UrlLocale {
  let text = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    text = decodeURIComponent(text);
  } catch {
    return {};
  }
  if (text === '') return {};
  const q = text.indexOf('?');
  if (q >= 0) return fromParams(new URLSearchParams(text.slice(q + 1)));
  if (text.includes('=')) return fromParams(new URLSearchParams(text));
  const short = /^\/?([A-Za-z]{2})(?:[/\-_](.+))?$/.exec(text);
  if (!short) return {};
  const out: UrlLocale = {};
  const country = normalizeCountry(short[1]);
  const language = normalizeLanguage(short[2]);
  if (country) out.country = country;
  if (language) out.language = language;
  return out;
}

/** The query's country and language (the guard adds them to /select and /hcpLogin). */
export function parseQueryLocale(search: string): UrlLocale {
  return fromParams(new URLSearchParams(search));
}
