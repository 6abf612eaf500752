import { describe, it, expect } from 'vitest';
import {
  COUNTRIES,
  countriesByRegion,
  defaultLanguageOfCountry,
  findCountry,
  REGIONS,
  siteOfCountry,
} from './countries';
import { isLanguageCode } from './languages';

describe('countries (spec §1, §2 "language dialog", §9 "65 country codes")', () => {
  it('has 65 distinct upper-case alpha-2 codes', () => {
    expect(COUNTRIES).toHaveLength(65);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(65);
    for (const c of COUNTRIES) expect(c.code).toMatch(/^[A-Z]{2}$/);
  });

  it('includes the markers the product names', () => {
    const must =
      'CN TW HK TH ID IN SA AE FR DE IT PT ES AT BE PL NL SE DK FI NO CZ SK SI HU GR TR IL CL GB IE CH US CA MX BR AR AU NZ ZA EG';
    for (const code of must.split(' ')) expect(findCountry(code), code).toBeDefined();
  });

  it('groups by the six regions in the dialog order (spec §2)', () => {
    expect(REGIONS).toEqual(['asia', 'europe', 'southAmerica', 'africa', 'northAmerica', 'oceania']);
    const grouped = countriesByRegion();
    expect(Object.keys(grouped)).toEqual([...REGIONS]);
    expect(Object.values(grouped).flat()).toHaveLength(65);
    expect(grouped.oceania.map((c) => c.code)).toEqual(['AU', 'NZ']);
  });

  it('offers valid languages, English always, the local base language first when one exists', () => {
    for (const c of COUNTRIES) {
      expect(c.languages.every(isLanguageCode)).toBe(true);
      expect(c.languages).toContain('en');
    }
    expect(findCountry('DE')?.languages).toEqual(['de', 'en']);
    expect(findCountry('IL')?.languages).toEqual(['he', 'en']);
    expect(findCountry('CN')?.languages).toEqual(['zh-CN', 'en']);
    expect(findCountry('TW')?.languages).toEqual(['zh-TW', 'en']);
    expect(findCountry('HK')?.languages).toEqual(['zh-TW', 'en']);
    expect(findCountry('GB')?.languages).toEqual(['en']);
  });

  it('chooses the host by China, France or EU (spec §2 "Guard")', () => {
    expect(siteOfCountry('CN')).toBe('china');
    expect(siteOfCountry('fr')).toBe('france');
    expect(siteOfCountry('DE')).toBe('eu');
    expect(siteOfCountry('TW')).toBe('eu');
    expect(siteOfCountry('US')).toBe('eu');
    for (const c of COUNTRIES) expect(c.site).toBe(siteOfCountry(c.code));
  });

  it('finds without case and gives a default language', () => {
    expect(findCountry(' de ')?.code).toBe('DE');
    expect(findCountry('XX')).toBeUndefined();
    expect(defaultLanguageOfCountry('il')).toBe('he');
    expect(defaultLanguageOfCountry('XX')).toBe('en');
  });
});
