// Glucose figures as the screens write them (CLINICAL.md "Units and display", "Showing numbers"):
// the domain decides what shows (displayGlucose: "High" above 400 mg/dL, "Low" at or below 40,
// mmol/L clamped to 2.2–22.2, one decimal in mmol/L and none in mg/dL); here it is only written
// in the language (13,9 in German) and High/Low translated.
import { displayGlucose, glucoseDecimals, roundGlucose, type GlucoseUnit } from '@cgm/domain';
import { formatNumber } from './format';

export interface GlucoseWords {
  high: string;
  low: string;
}

/** The words of the display rule, translated (the monitor's keys, used on every screen). */
export const glucoseWords = (t: (key: string) => string): GlucoseWords => ({
  high: t('monitor.glucose.high'),
  low: t('monitor.glucose.low'),
});

export const ENGLISH_GLUCOSE_WORDS: GlucoseWords = { high: 'High', low: 'Low' };

/** A number already in the unit, with the unit's decimals (axis labels, plotted values). */
export function formatGlucoseNumber(value: number, unit: GlucoseUnit, lang: string): string {
  const decimals = glucoseDecimals(unit);
  return formatNumber(value, lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/**
 * A glucose level in mg/dL as shown: a reading or a statistic of readings (mean, median, min,
 * max, percentiles, a day's extremes, a logbook cell). "--" without a value.
 */
export function formatGlucoseShown(
  mgdl: number | null | undefined,
  unit: GlucoseUnit,
  lang: string,
  words: GlucoseWords,
  flag?: string | null,
): string {
  const shown = displayGlucose(mgdl, unit, flag);
  if (shown.kind === 'high') return words.high;
  if (shown.kind === 'low') return words.low;
  if (shown.kind === 'none' || shown.value === null) return '--';
  return formatGlucoseNumber(shown.value, unit, lang);
}

/**
 * A glucose figure that is not a level of the patient's: a limit or target (70, 180, the user's
 * range), a setting, or a spread (SD, IQR). Converted and rounded, never "High"/"Low" or clamped.
 */
export function formatGlucoseLimit(mgdl: number | null | undefined, unit: GlucoseUnit, lang: string): string {
  if (mgdl === null || mgdl === undefined || !Number.isFinite(mgdl)) return '--';
  return formatGlucoseNumber(roundGlucose(mgdl, unit), unit, lang);
}
