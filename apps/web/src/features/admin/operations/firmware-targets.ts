import { REGIONS } from '@cgm/domain';
import { countryName } from '../../../i18n/format';

const isRegion = (code: string) => (REGIONS as readonly string[]).includes(code);

/**
 * Where a release goes, in words: a region by its translated name, a country by its name in the
 * language (a release aimed at GB showed the code "GB" beside "Europe"), as the language lists them.
 */
export function targetsText(codes: readonly string[], language: string, t: (key: string) => string): string {
  const names = codes.map((code) =>
    isRegion(code) ? t(`regions.${code}`) : countryName(code, language, code),
  );
  return new Intl.ListFormat(language, { type: 'unit', style: 'short' }).format(names);
}
