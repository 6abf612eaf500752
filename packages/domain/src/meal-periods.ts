// Meal periods of the logbook (spec §9 "Meal periods: breakfast, lunch, dinner, night"). The spec
// names the periods but not their hours. **Reading** (docs/CLINICAL.md): the patient's local day
// is cut into four parts that cover it whole, so every reading, bolus and event of a day falls in
// exactly one cell of the logbook. Night is the sleeping time of that calendar date, both its
// early hours and its late evening, because a logbook row is one local date:
//   breakfast 06:00–11:00, lunch 11:00–17:00, dinner 17:00–22:00, night 22:00–06:00.

import type { MEAL_PERIODS } from './event-types';

export type MealPeriod = (typeof MEAL_PERIODS)[number];

/** Start and end (exclusive) of each period in minutes after local midnight; night wraps midnight. */
export const MEAL_PERIOD_MINUTES: Readonly<Record<MealPeriod, { start: number; end: number }>> = {
  breakfast: { start: 6 * 60, end: 11 * 60 },
  lunch: { start: 11 * 60, end: 17 * 60 },
  dinner: { start: 17 * 60, end: 22 * 60 },
  night: { start: 22 * 60, end: 6 * 60 },
};

/** The period of a local time of day (minutes after midnight, 0 ≤ m < 1440). */
export function mealPeriodOf(minuteOfDay: number): MealPeriod {
  if (minuteOfDay < MEAL_PERIOD_MINUTES.breakfast.start) return 'night';
  if (minuteOfDay < MEAL_PERIOD_MINUTES.lunch.start) return 'breakfast';
  if (minuteOfDay < MEAL_PERIOD_MINUTES.dinner.start) return 'lunch';
  if (minuteOfDay < MEAL_PERIOD_MINUTES.night.start) return 'dinner';
  return 'night';
}

/**
 * The sleeping times (the night period, 22:00–06:00 local) that overlap [st, et), as [start, end]
 * epoch ms clipped to the window: the monitor chart's sleeptime band (spec §3 chart).
 */
export function sleepSpans(st: number, et: number, utcOffsetMin: number): Array<[number, number]> {
  const DAY = 86_400_000;
  const offset = utcOffsetMin * 60_000;
  const { start, end } = MEAL_PERIOD_MINUTES.night;
  const spans: Array<[number, number]> = [];
  // Each local midnight from the day before the window: its night runs from 22:00 to 06:00 next day.
  const firstMidnight = Math.floor((st + offset) / DAY) * DAY - offset - DAY;
  for (let midnight = firstMidnight; midnight < et; midnight += DAY) {
    const from = Math.max(st, midnight + start * 60_000);
    const to = Math.min(et, midnight + DAY + end * 60_000);
    if (from < to) spans.push([from, to]);
  }
  return spans;
}
