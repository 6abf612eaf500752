// Postcodes per country (spec §5 "Postcode 6 digits"). The spec's rule is the Chinese one: six
// digits hold in China and the other countries whose postcodes are six digits (Singapore, India,
// Viet Nam, Romania, Colombia); elsewhere each country's own format applies, so a UK or Canadian
// postcode is accepted (formats as postal services publish them; letters are compared in upper
// case and one space or hyphen may sit where the country writes one).

const SIX_DIGITS = /^\d{6}$/;

/** null: the country uses no postcodes, any short text the user writes (a district) is kept. */
const FORMATS: Readonly<Record<string, RegExp | null>> = {
  CN: SIX_DIGITS, SG: SIX_DIGITS, IN: /^\d{3} ?\d{3}$/, VN: SIX_DIGITS, RO: SIX_DIGITS, CO: SIX_DIGITS,
  TW: /^\d{3}(\d{2,3})?$/, HK: null, MO: null, AE: null, QA: null,
  MY: /^\d{5}$/, TH: /^\d{5}$/, ID: /^\d{5}$/, PH: /^\d{4}$/, JP: /^\d{3}-?\d{4}$/, KR: /^\d{5}$/,
  SA: /^\d{5}(-\d{4})?$/, KW: /^\d{5}$/, IL: /^\d{5}(\d{2})?$/,
  GB: /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/, IE: /^[A-Z]\d[\dW] ?[0-9AC-FHKNPRTV-Y]{4}$/,
  FR: /^\d{5}$/, DE: /^\d{5}$/, AT: /^\d{4}$/, CH: /^\d{4}$/, IT: /^\d{5}$/, ES: /^\d{5}$/,
  PT: /^\d{4}-\d{3}$/, BE: /^\d{4}$/, NL: /^\d{4} ?[A-Z]{2}$/, LU: /^(L-)?\d{4}$/, SE: /^\d{3} ?\d{2}$/,
  DK: /^\d{4}$/, FI: /^\d{5}$/, NO: /^\d{4}$/, IS: /^\d{3}$/, PL: /^\d{2}-\d{3}$/, CZ: /^\d{3} ?\d{2}$/,
  SK: /^\d{3} ?\d{2}$/, SI: /^\d{4}$/, HU: /^\d{4}$/, GR: /^\d{3} ?\d{2}$/, CY: /^\d{4}$/, TR: /^\d{5}$/,
  HR: /^\d{5}$/, BG: /^\d{4}$/, EE: /^\d{5}$/, LV: /^(LV-)?\d{4}$/, LT: /^(LT-)?\d{5}$/,
  MT: /^[A-Z]{3} ?\d{2,4}$/,
  BR: /^\d{5}-?\d{3}$/, AR: /^([A-Z]\d{4}[A-Z]{3}|\d{4})$/, CL: /^\d{7}$/, PE: /^\d{5}$/, UY: /^\d{5}$/,
  ZA: /^\d{4}$/, EG: /^\d{5}$/, MA: /^\d{5}$/, KE: /^\d{5}$/,
  US: /^\d{5}(-\d{4})?$/, CA: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/, MX: /^\d{5}$/,
  AU: /^\d{4}$/, NZ: /^\d{4}$/,
}; // prettier-ignore

/** Countries that use no postcodes: a short free text is kept as written. */
const FREE_TEXT = /^[\p{L}\p{Nd} -]{1,10}$/u;

/**
 * Postcode of an address in `country` (ISO alpha-2). Without a country, or for one the portal does
 * not list, the spec's own rule: 6 digits.
 */
export function isValidPostcode(s: string, country?: string | null): boolean {
  const code = s.trim().toUpperCase();
  const key = country?.trim().toUpperCase() ?? '';
  const format = Object.hasOwn(FORMATS, key) ? FORMATS[key] : undefined;
  if (format === undefined) return SIX_DIGITS.test(code);
  return format === null ? FREE_TEXT.test(code) : format.test(code);
}

/** The countries with a postcode format of their own (every country of the portal). */
export const POSTCODE_COUNTRIES: readonly string[] = Object.keys(FORMATS);
