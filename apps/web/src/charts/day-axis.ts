import { formatIsoDayMonthYear } from '../i18n/format';
import type { LabelGroups } from './use-axis-labels';

/**
 * The days of a chart (YYYY-MM-DD) grouped by year, for an axis labelled with `formatIsoDayMonth`:
 * where the days span more than one year, the first label and the first of each new year carry
 * the year (axis-labels.ts), so that a range from October to January says which January it is.
 */
export function yearGroups(
  isoDays: readonly string[],
  language: string,
  country?: string | null,
): LabelGroups {
  return {
    of: isoDays.map((day) => day.slice(0, 4)),
    opening: isoDays.map((day) => formatIsoDayMonthYear(day, language, country)),
  };
}
