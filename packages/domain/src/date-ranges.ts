// Date ranges (spec §5 "Dates"; §9 "Durations", "Limits"): end not before start, at most 14 days
// in one view and 90 in another, non-overlapping sessions and data-option time ranges, quick-print
// durations and end-date presets, report durations.

import { addDays, dayOfWeek, daysInclusive, isIsoDay, lastDayOfMonth } from './calendar';
import { MESSAGES } from './messages';

export const MAX_RANGE_DAYS_SHORT = 14;
export const MAX_RANGE_DAYS_LONG = 90;
/** Report durations offered (spec §9). */
export const REPORT_DURATIONS_DAYS: readonly number[] = [7, 14, 30, 90];

export interface RangeCheck {
  ok: boolean;
  /** i18n key of spec §8 "Messages". */
  problem?: string;
}

/** Checks a chosen range of local dates, both included, against the view's maximum (14 or 90). */
export function checkDateRange(
  startIso: string,
  endIso: string,
  maxDays: number = MAX_RANGE_DAYS_LONG,
): RangeCheck {
  if (!isIsoDay(startIso) || !isIsoDay(endIso)) return { ok: false, problem: MESSAGES.dateSelectionWrong };
  const days = daysInclusive(startIso, endIso);
  if (days < 1) return { ok: false, problem: MESSAGES.endBeforeStart };
  if (days > maxDays) {
    return {
      ok: false,
      problem: maxDays <= MAX_RANGE_DAYS_SHORT ? MESSAGES.moreThan14Days : MESSAGES.moreThan90Days,
    };
  }
  return { ok: true };
}

/** A time span [start, end) in epoch ms (sessions, data-option cgms and pump ranges). */
export interface TimeRange {
  start: number;
  end: number;
}

/** Ranges that only touch (one ends when the next starts) do not overlap. */
export function rangesOverlap(a: TimeRange, b: TimeRange): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Indices of the first overlapping pair found, or null (sorted sweep, O(n log n)). */
export function findOverlap(ranges: readonly TimeRange[]): [number, number] | null {
  const order = ranges.map((_, i) => i).sort((a, b) => ranges[a]!.start - ranges[b]!.start);
  let reach = 0; // index in `order` of the range that ends latest so far
  for (let k = 1; k < order.length; k++) {
    const latest = ranges[order[reach]!]!;
    const current = ranges[order[k]!]!;
    if (rangesOverlap(latest, current)) return [order[reach]!, order[k]!];
    if (current.end > latest.end) reach = k;
  }
  return null;
}

/**
 * Data options (spec §3 "options", §5): each range must end after it starts, and the cgms ranges
 * must not overlap each other, nor the pump ranges (server error 34 TIME_OVERLAP).
 */
export function checkDataOptionRanges(options: {
  cgms?: readonly TimeRange[];
  pump?: readonly TimeRange[];
}): RangeCheck {
  for (const list of [options.cgms ?? [], options.pump ?? []]) {
    if (list.some((r) => !(r.end > r.start))) return { ok: false, problem: MESSAGES.endBeforeStart };
    if (findOverlap(list)) return { ok: false, problem: MESSAGES.timeOverlapped };
  }
  return { ok: true };
}

/** Quick print durations (spec §9): one week, month, quarter, or custom. */
// Two weeks is the AGP's period and the reports' default (CLINICAL.md), so quick print starts there.
export const QUICK_PRINT_DURATIONS = { week: 7, twoWeeks: 14, month: 30, quarter: 90 } as const;
export const DEFAULT_QUICK_PRINT_DURATION = 'twoWeeks' satisfies keyof typeof QUICK_PRINT_DURATIONS;
export type QuickPrintDuration = keyof typeof QUICK_PRINT_DURATIONS | 'custom';

export const END_DATE_PRESETS = [
  'yesterday', 'lastSunday', 'lastSaturday', 'lastDayOfLastMonth', 'lastDayOfLastQuarter',
] as const; // prettier-ignore
export type EndDatePreset = (typeof END_DATE_PRESETS)[number];

/** The end date of a preset, relative to the patient's local `todayIso`; always before today. */
export function presetEndDate(preset: EndDatePreset, todayIso: string): string {
  const [y, m] = todayIso.split('-').map(Number) as [number, number];
  switch (preset) {
    case 'yesterday':
      return addDays(todayIso, -1);
    case 'lastSunday':
      return addDays(todayIso, -(dayOfWeek(todayIso) || 7));
    case 'lastSaturday':
      return addDays(todayIso, -((dayOfWeek(todayIso) + 1) % 7 || 7));
    case 'lastDayOfLastMonth':
      return lastDayOfMonth(y, m - 1);
    case 'lastDayOfLastQuarter':
      return lastDayOfMonth(y, Math.floor((m - 1) / 3) * 3);
  }
}

/** Local dates start…end (both included) of the `days` ending on `endIso`. */
export function rangeEndingOn(endIso: string, days: number): { startDay: string; endDay: string } {
  return { startDay: addDays(endIso, -(days - 1)), endDay: endIso };
}

/** A quick print's dates from its duration and end-date preset. */
export function quickPrintRange(
  duration: keyof typeof QUICK_PRINT_DURATIONS,
  preset: EndDatePreset,
  todayIso: string,
): { startDay: string; endDay: string } {
  return rangeEndingOn(presetEndDate(preset, todayIso), QUICK_PRINT_DURATIONS[duration]);
}
