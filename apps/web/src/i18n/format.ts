// Numbers and dates through Intl, in the current language (DESIGN.md "i18n").

export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(language, options).format(value);
}

/** A calendar date given as YYYY-MM-DD, shown without a time-zone shift. */
export function formatIsoDate(iso: string, language: string, style: 'long' | 'medium' = 'long'): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat(language, { dateStyle: style, timeZone: 'UTC' }).format(date);
}

/** Country name in the given language, falling back to the English name. */
export function countryName(code: string, language: string, englishName: string): string {
  try {
    return new Intl.DisplayNames([language, 'en'], { type: 'region' }).of(code) ?? englishName;
  } catch {
    return englishName;
  }
}
