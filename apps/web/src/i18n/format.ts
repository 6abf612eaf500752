// Numbers and dates through Intl, in the current language (DESIGN.md "i18n").
import { intlLocale } from './format-time';

/**
 * The decimal sign for numbers the user types: "." in English, "," in French or German. Only these
 * two: a typed value is read back by accepting either, and "٫" of Arabic-Indic digits is not one.
 */
export function decimalSeparator(language: string): '.' | ',' {
  const sign = new Intl.NumberFormat(language).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
  return sign === ',' ? ',' : '.';
}

export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(language, options).format(value);
}

/**
 * A calendar date given as YYYY-MM-DD, shown without a time-zone shift, written the way the chosen
 * country writes the language (like the times: English in the United Kingdom is 21 November 2026).
 */
export function formatIsoDate(
  iso: string,
  language: string,
  style: 'long' | 'medium' = 'long',
  country?: string | null,
): string {
  return formatIsoDayParts(iso, { dateStyle: style }, language, country);
}

/**
 * A date given as YYYY-MM-DD, as day and short month for a chart's axis ("Nov 12", "12 نوفمبر",
 * "12. Nov."): the medium style keeps the year in Arabic or German ("12/11/2026"), too long to fit.
 */
export function formatIsoDayMonth(iso: string, language: string, country?: string | null): string {
  return formatIsoDayParts(iso, { day: 'numeric', month: 'short' }, language, country);
}

/**
 * The same with the year, in the language's own order ("Jan 3, 2027", "3 يناير 2027",
 * "3. Jan. 2027"): the axis label that opens a year on a chart whose days span more than one.
 */
export function formatIsoDayMonthYear(iso: string, language: string, country?: string | null): string {
  return formatIsoDayParts(iso, { day: 'numeric', month: 'short', year: 'numeric' }, language, country);
}

function formatIsoDayParts(
  iso: string,
  parts: Intl.DateTimeFormatOptions,
  language: string,
  country?: string | null,
): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  const locale = country === undefined ? intlLocale(language) : intlLocale(language, country);
  return new Intl.DateTimeFormat(locale, { ...parts, timeZone: 'UTC' }).format(date);
}

/** A calendar month given as YYYY-MM, written short in the language ("Nov 2026", "nov. 2026"). */
export function formatIsoMonth(month: string, language: string, country?: string | null): string {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) return month;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
  const locale = country === undefined ? intlLocale(language) : intlLocale(language, country);
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** Country name in the given language, falling back to the English name. */
export function countryName(code: string, language: string, englishName: string): string {
  try {
    return new Intl.DisplayNames([language, 'en'], { type: 'region' }).of(code) ?? englishName;
  } catch {
    return englishName;
  }
}
