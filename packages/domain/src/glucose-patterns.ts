// Glucose patterns (issue 18 item 4): rule-based findings over a period, in the manner of
// LibreView's "glucose pattern insights" and Dexcom Clarity's "patterns" (a low or high that comes
// back at the same time of day on several days). Neither publishes its exact rules, so these are the
// portal's, each named here and in docs/PATTERNS.md with where its figures come from:
// - a low is a level 1 hypoglycaemia episode (< 70 mg/dL for ≥ 15 min) and a high a level 2
//   hyperglycaemia episode (> 250 mg/dL for ≥ 15 min), as the consensus defines episodes
//   (Battelino 2023, glucose-episodes.ts); a day counts once per time window, by where an episode
//   starts;
// - night is 00:00–06:00 wall-clock time (the consensus' nocturnal period, Battelino 2019);
// - a post-meal high is a reading > 180 mg/dL 1 to 3 hours after a meal start with carbohydrate
//   recorded (ADA Standards of Care 2025, section 6: peak postprandial glucose < 180 mg/dL, measured
//   1–2 h after the start of the meal; the window runs to 3 h to catch a late peak);
// - "recurring" means on at least 2 days in 14 for lows and post-meal highs and 3 in 14 for the other
//   highs (Clarity flags a pattern from two occurrences; a high is less urgent than a low), scaled
//   to the period's length.

import { glucoseEpisodes, type GlucoseEpisode } from './glucose-episodes';
import { mealPeriodOf, MEAL_PERIOD_MINUTES, type MealPeriod } from './meal-periods';
import { HIGH_ABOVE, LOW_BELOW, VERY_HIGH_ABOVE } from './ranges';
import { localDayKey, localMinuteOfDay, type PreparedReadings } from './readings';

export const PATTERN_LOW_BELOW_MGDL = LOW_BELOW;
export const PATTERN_HIGH_ABOVE_MGDL = VERY_HIGH_ABOVE;
export const POST_MEAL_HIGH_ABOVE_MGDL = HIGH_ABOVE;
/** After a meal's start, the window its high is looked for in (minutes). */
export const POST_MEAL_WINDOW_MIN = { from: 60, to: 180 } as const;
/** Night: 00:00–06:00 local wall-clock time, minutes after midnight. */
export const NIGHT_MINUTES = { from: 0, to: 6 * 60 } as const;
/** Time-of-day windows of the recurring lows and highs, in minutes. */
export const PATTERN_WINDOW_MINUTES = 3 * 60;
/** Days in 14 that make a pattern (scaled to the period: at least this many, more for longer ones). */
export const PATTERN_MIN_DAYS_PER_14 = { low: 2, high: 3, postMeal: 2 } as const;

export type PatternKind = 'nightLows' | 'recurringLows' | 'postMealHighs' | 'recurringHighs';

export interface PatternFinding {
  kind: PatternKind;
  /** Time of day the finding is about: minutes after local midnight, [fromMin, toMin). */
  fromMin: number;
  toMin: number;
  /** For post-meal highs: the meal period of the meals. */
  meal: MealPeriod | null;
  /** The local dates it rests on, in order. */
  days: string[];
}

export interface MealStart {
  time: number;
  utcOffsetMin: number;
  /** Grams of carbohydrate; a meal needs more than 0. */
  carbs: number;
}

export interface PatternInput {
  /** The period's readings (time-ordered), values mg/dL. */
  readings: PreparedReadings;
  /** Meal starts with carbohydrate recorded (bolus wizard entries and carbohydrate events). */
  meals: readonly MealStart[];
  /** Length of the period in days. */
  periodDays: number;
}

/** Days needed for a pattern over `periodDays`: `perFourteen` per 14 days, never fewer than that. */
export function patternMinDays(perFourteen: number, periodDays: number): number {
  return Math.max(perFourteen, Math.ceil((perFourteen * periodDays) / 14));
}

function localStart(e: GlucoseEpisode) {
  return { day: localDayKey(e.start, e.utcOffsetMin), minute: localMinuteOfDay(e.start, e.utcOffsetMin) };
}

/** Days with an episode starting in each window [from, from + size) of the local day. */
function daysByWindow(episodes: readonly GlucoseEpisode[], windows: ReadonlyArray<[number, number]>) {
  const out = windows.map(() => new Set<string>());
  for (const e of episodes) {
    const { day, minute } = localStart(e);
    windows.forEach(([from, to], w) => {
      if (minute >= from && minute < to) out[w]!.add(day);
    });
  }
  return out;
}

function windowsOf(from: number, to: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let m = from; m < to; m += PATTERN_WINDOW_MINUTES)
    out.push([m, Math.min(to, m + PATTERN_WINDOW_MINUTES)]);
  return out;
}

function findings(
  kind: PatternKind,
  windows: ReadonlyArray<[number, number]>,
  days: ReadonlyArray<Set<string>>,
  minDays: number,
): PatternFinding[] {
  return windows.flatMap(([fromMin, toMin], w) =>
    days[w]!.size >= minDays ? [{ kind, fromMin, toMin, meal: null, days: [...days[w]!].sort() }] : [],
  );
}

/** Days on which a meal of each meal period was followed by a post-meal high. */
function postMealHighDays(r: PreparedReadings, meals: readonly MealStart[]): Map<MealPeriod, Set<string>> {
  const out = new Map<MealPeriod, Set<string>>();
  let i = 0;
  const sorted = meals.filter((m) => m.carbs > 0).sort((a, b) => a.time - b.time);
  for (const meal of sorted) {
    const from = meal.time + POST_MEAL_WINDOW_MIN.from * 60_000;
    const to = meal.time + POST_MEAL_WINDOW_MIN.to * 60_000;
    while (i < r.n && r.times[i]! < from) i++;
    let high = false;
    for (let j = i; j < r.n && r.times[j]! <= to; j++) {
      if (r.values[j]! > POST_MEAL_HIGH_ABOVE_MGDL) {
        high = true;
        break;
      }
    }
    if (!high) continue;
    const period = mealPeriodOf(localMinuteOfDay(meal.time, meal.utcOffsetMin));
    const set = out.get(period) ?? new Set<string>();
    set.add(localDayKey(meal.time, meal.utcOffsetMin));
    out.set(period, set);
  }
  return out;
}

/**
 * The period's patterns, lows first (night, then by time of day), then post-meal highs (by meal),
 * then the other highs by time of day. Night lows are not repeated among the recurring lows.
 */
export function glucosePatterns(input: PatternInput): PatternFinding[] {
  const { readings, meals, periodDays } = input;
  const lows = glucoseEpisodes(readings, 'below', PATTERN_LOW_BELOW_MGDL);
  const highs = glucoseEpisodes(readings, 'above', PATTERN_HIGH_ABOVE_MGDL);
  const lowDays = patternMinDays(PATTERN_MIN_DAYS_PER_14.low, periodDays);
  const night: Array<[number, number]> = [[NIGHT_MINUTES.from, NIGHT_MINUTES.to]];
  const dayWindows = windowsOf(NIGHT_MINUTES.to, 24 * 60);
  const allWindows = windowsOf(0, 24 * 60);
  const postMeal = postMealHighDays(readings, meals);
  const postMealMin = patternMinDays(PATTERN_MIN_DAYS_PER_14.postMeal, periodDays);
  const mealOrder: MealPeriod[] = ['breakfast', 'lunch', 'dinner', 'night'];
  return [
    ...findings('nightLows', night, daysByWindow(lows, night), lowDays),
    ...findings('recurringLows', dayWindows, daysByWindow(lows, dayWindows), lowDays),
    ...mealOrder.flatMap((meal): PatternFinding[] => {
      const days = postMeal.get(meal);
      if (!days || days.size < postMealMin) return [];
      const { start, end } = MEAL_PERIOD_MINUTES[meal];
      return [{ kind: 'postMealHighs', fromMin: start, toMin: end, meal, days: [...days].sort() }];
    }),
    ...findings(
      'recurringHighs',
      allWindows,
      daysByWindow(highs, allWindows),
      patternMinDays(PATTERN_MIN_DAYS_PER_14.high, periodDays),
    ),
  ];
}
