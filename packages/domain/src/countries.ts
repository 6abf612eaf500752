// The 65 countries of the language dialog (spec §1, §2, §9), grouped by the dialog's regions.
// Each offers English and, where one of the 22 base languages is spoken there, that language
// first. Which server ("site") holds an account follows spec §2: China, France, or the EU host.

import type { LanguageCode } from './languages';

export const REGIONS = ['asia', 'europe', 'southAmerica', 'africa', 'northAmerica', 'oceania'] as const;
export type Region = (typeof REGIONS)[number];

export type Site = 'china' | 'france' | 'eu';
export const SITES: readonly Site[] = ['china', 'france', 'eu'];

export interface Country {
  /** ISO 3166-1 alpha-2, upper case. */
  readonly code: string;
  readonly englishName: string;
  readonly region: Region;
  /** First is the country's default language. */
  readonly languages: readonly LanguageCode[];
  readonly site: Site;
}

type Row = readonly [code: string, englishName: string, languages: readonly LanguageCode[]];

const ROWS: Record<Region, readonly Row[]> = {
  asia: [
    ['CN', 'China', ['zh-CN', 'en']],
    ['TW', 'Taiwan', ['zh-TW', 'en']],
    ['HK', 'Hong Kong', ['zh-TW', 'en']],
    ['MO', 'Macao', ['zh-TW', 'en']],
    ['SG', 'Singapore', ['en', 'zh-CN']],
    ['MY', 'Malaysia', ['en']],
    ['TH', 'Thailand', ['en']],
    ['ID', 'Indonesia', ['en']],
    ['PH', 'Philippines', ['en']],
    ['VN', 'Viet Nam', ['en']],
    ['JP', 'Japan', ['en']],
    ['KR', 'South Korea', ['en']],
    ['IN', 'India', ['en']],
    ['SA', 'Saudi Arabia', ['ar', 'en']],
    ['AE', 'United Arab Emirates', ['ar', 'en']],
    ['QA', 'Qatar', ['ar', 'en']],
    ['KW', 'Kuwait', ['ar', 'en']],
    ['IL', 'Israel', ['he', 'en']],
  ],
  europe: [
    ['GB', 'United Kingdom', ['en']],
    ['IE', 'Ireland', ['en']],
    ['FR', 'France', ['fr', 'en']],
    ['DE', 'Germany', ['de', 'en']],
    ['AT', 'Austria', ['de', 'en']],
    ['CH', 'Switzerland', ['de', 'fr', 'it', 'en']],
    ['IT', 'Italy', ['it', 'en']],
    ['ES', 'Spain', ['es', 'en']],
    ['PT', 'Portugal', ['pt', 'en']],
    ['BE', 'Belgium', ['nl', 'fr', 'de', 'en']],
    ['NL', 'Netherlands', ['nl', 'en']],
    ['LU', 'Luxembourg', ['fr', 'de', 'en']],
    ['SE', 'Sweden', ['sv', 'en']],
    ['DK', 'Denmark', ['da', 'en']],
    ['FI', 'Finland', ['fi', 'sv', 'en']],
    ['NO', 'Norway', ['nb', 'en']],
    ['IS', 'Iceland', ['en']],
    ['PL', 'Poland', ['pl', 'en']],
    ['CZ', 'Czechia', ['cs', 'en']],
    ['SK', 'Slovakia', ['sk', 'en']],
    ['SI', 'Slovenia', ['sl', 'en']],
    ['HU', 'Hungary', ['hu', 'en']],
    ['GR', 'Greece', ['el', 'en']],
    ['CY', 'Cyprus', ['el', 'tr', 'en']],
    ['TR', 'Türkiye', ['tr', 'en']],
    ['HR', 'Croatia', ['en']],
    ['RO', 'Romania', ['en']],
    ['BG', 'Bulgaria', ['en']],
    ['EE', 'Estonia', ['en']],
    ['LV', 'Latvia', ['en']],
    ['LT', 'Lithuania', ['en']],
    ['MT', 'Malta', ['en']],
  ],
  southAmerica: [
    ['BR', 'Brazil', ['pt', 'en']],
    ['AR', 'Argentina', ['es', 'en']],
    ['CL', 'Chile', ['es', 'en']],
    ['CO', 'Colombia', ['es', 'en']],
    ['PE', 'Peru', ['es', 'en']],
    ['UY', 'Uruguay', ['es', 'en']],
  ],
  africa: [
    ['ZA', 'South Africa', ['en']],
    ['EG', 'Egypt', ['ar', 'en']],
    ['MA', 'Morocco', ['ar', 'fr', 'en']],
    ['KE', 'Kenya', ['en']],
  ],
  northAmerica: [
    ['US', 'United States', ['en', 'es']],
    ['CA', 'Canada', ['en', 'fr']],
    ['MX', 'Mexico', ['es', 'en']],
  ],
  oceania: [
    ['AU', 'Australia', ['en']],
    ['NZ', 'New Zealand', ['en']],
  ],
};

/** Spec §2: "Country host is chosen by China, France or EU". */
function siteOf(code: string): Site {
  if (code === 'CN') return 'china';
  if (code === 'FR') return 'france';
  return 'eu';
}

export const COUNTRIES: readonly Country[] = REGIONS.flatMap((region) =>
  ROWS[region].map(([code, englishName, languages]) => ({
    code,
    englishName,
    region,
    languages,
    site: siteOf(code),
  })),
);

const BY_CODE: ReadonlyMap<string, Country> = new Map(COUNTRIES.map((c) => [c.code, c]));

/** Case-insensitive lookup; undefined for a code the portal does not serve. */
export function findCountry(code: string): Country | undefined {
  return BY_CODE.get(code.trim().toUpperCase());
}

export function isCountryCode(code: string): boolean {
  return findCountry(code) !== undefined;
}

/** Every country other than China and France, served or not, belongs to the EU host. */
export function siteOfCountry(code: string): Site {
  return siteOf(code.trim().toUpperCase());
}

export function countriesByRegion(): Record<Region, Country[]> {
  const out = Object.fromEntries(REGIONS.map((r) => [r, [] as Country[]])) as Record<Region, Country[]>;
  for (const c of COUNTRIES) out[c.region].push(c);
  return out;
}

/** The country's first language; English for a country the portal does not list. */
export function defaultLanguageOfCountry(code: string): LanguageCode {
  return findCountry(code)?.languages[0] ?? 'en';
}
