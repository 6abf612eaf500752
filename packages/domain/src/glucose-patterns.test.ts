import { describe, expect, it } from 'vitest';
import { glucosePatterns, patternMinDays, type MealStart } from './glucose-patterns';
import { prepareReadings, type GlucoseReading } from './readings';

const DAY = 86_400_000;
const FIRST = Date.UTC(2026, 0, 1);
const OFFSET = 60; // UTC+1: local 03:00 is 02:00 UTC
const local = (day: number, hh: number, mm = 0) => FIRST + day * DAY + (hh * 60 + mm - OFFSET) * 60_000;
const key = (day: number) => `2026-01-${String(day + 1).padStart(2, '0')}`;

interface Dip {
  day: number;
  hh: number;
  mm?: number;
  mgdl: number;
  minutes: number;
}

/** 14 days of 5-minute readings at 120 mg/dL, with dips (or peaks) where asked. */
function fortnight(dips: Dip[]): ReturnType<typeof prepareReadings> {
  const readings: GlucoseReading[] = [];
  for (let t = FIRST - OFFSET * 60_000; t < FIRST + 14 * DAY - OFFSET * 60_000; t += 300_000) {
    const dip = dips.find(
      (d) => t >= local(d.day, d.hh, d.mm) && t < local(d.day, d.hh, d.mm) + d.minutes * 60_000,
    );
    readings.push({ time: t, mgdl: dip?.mgdl ?? 120, utcOffsetMin: OFFSET, intervalMin: 5 });
  }
  return prepareReadings(readings);
}

const summary = (f: ReturnType<typeof glucosePatterns>) =>
  f.map((x) => ({ kind: x.kind, from: x.fromMin / 60, to: x.toMin / 60, meal: x.meal, days: x.days }));

describe('glucose patterns', () => {
  it.each([
    {
      name: 'night lows on 2 of 14 days (local 03:00, UTC+1)',
      dips: [
        { day: 2, hh: 3, mgdl: 60, minutes: 30 },
        { day: 9, hh: 1, mgdl: 62, minutes: 20 },
      ],
      want: [{ kind: 'nightLows', from: 0, to: 6, meal: null, days: [key(2), key(9)] }],
    },
    {
      name: 'one night low is no pattern',
      dips: [{ day: 2, hh: 3, mgdl: 60, minutes: 30 }],
      want: [],
    },
    {
      name: 'a 10-minute dip is no episode, so no pattern',
      dips: [
        { day: 2, hh: 3, mgdl: 60, minutes: 10 },
        { day: 3, hh: 3, mgdl: 60, minutes: 10 },
      ],
      want: [],
    },
    {
      name: 'recurring lows 15:00–18:00, and none in another window',
      dips: [
        { day: 1, hh: 15, mm: 30, mgdl: 65, minutes: 20 },
        { day: 4, hh: 17, mm: 40, mgdl: 58, minutes: 40 },
        { day: 6, hh: 9, mgdl: 58, minutes: 40 },
      ],
      want: [{ kind: 'recurringLows', from: 15, to: 18, meal: null, days: [key(1), key(4)] }],
    },
    {
      name: 'recurring highs need 3 days: 21:00–24:00 on 3 days is one',
      dips: [
        { day: 0, hh: 21, mgdl: 280, minutes: 60 },
        { day: 5, hh: 22, mgdl: 300, minutes: 60 },
        { day: 11, hh: 23, mgdl: 260, minutes: 30 },
        { day: 3, hh: 12, mgdl: 300, minutes: 60 },
        { day: 4, hh: 12, mgdl: 300, minutes: 60 },
      ],
      want: [{ kind: 'recurringHighs', from: 21, to: 24, meal: null, days: [key(0), key(5), key(11)] }],
    },
  ])('$name', ({ dips, want }) => {
    expect(summary(glucosePatterns({ readings: fortnight(dips), meals: [], periodDays: 14 }))).toEqual(want);
  });

  it('finds post-meal highs 1–3 h after meals with carbohydrate, by meal period', () => {
    const meal = (day: number, hh: number, carbs = 50): MealStart => ({
      time: local(day, hh),
      utcOffsetMin: OFFSET,
      carbs,
    });
    const readings = fortnight([
      // Breakfast 07:00 on days 1 and 3: 200 mg/dL from 08:30 (1.5 h after).
      { day: 1, hh: 8, mm: 30, mgdl: 200, minutes: 20 },
      { day: 3, hh: 8, mm: 30, mgdl: 200, minutes: 20 },
      // Lunch 12:00 on day 2: high only 30 minutes after (too early), and on day 5 after 3.5 h (too late).
      { day: 2, hh: 12, mm: 30, mgdl: 220, minutes: 10 },
      { day: 5, hh: 15, mm: 30, mgdl: 220, minutes: 10 },
      // A high after a meal with no carbohydrate recorded does not count.
      { day: 8, hh: 13, mgdl: 220, minutes: 10 },
    ]);
    const meals = [meal(1, 7), meal(3, 7), meal(2, 12), meal(5, 12), meal(8, 12, 0), meal(9, 12)];
    expect(summary(glucosePatterns({ readings, meals, periodDays: 14 }))).toEqual([
      { kind: 'postMealHighs', from: 6, to: 11, meal: 'breakfast', days: [key(1), key(3)] },
    ]);
  });

  it('orders lows before post-meal highs before other highs', () => {
    const readings = fortnight([
      { day: 1, hh: 2, mgdl: 60, minutes: 30 },
      { day: 2, hh: 2, mgdl: 60, minutes: 30 },
      { day: 1, hh: 19, mgdl: 300, minutes: 30 },
      { day: 2, hh: 19, mgdl: 300, minutes: 30 },
      { day: 3, hh: 19, mgdl: 300, minutes: 30 },
    ]);
    const meals = [1, 2].map((d) => ({ time: local(d, 18), utcOffsetMin: OFFSET, carbs: 40 }));
    expect(glucosePatterns({ readings, meals, periodDays: 14 }).map((f) => f.kind)).toEqual([
      'nightLows',
      'postMealHighs',
      'recurringHighs',
    ]);
  });

  it.each([
    [2, 14, 2],
    [2, 7, 2],
    [2, 28, 4],
    [3, 90, 20],
  ])('needs %i per 14 days: over %i days, %i days', (per, period, want) => {
    expect(patternMinDays(per, period)).toBe(want);
  });
});
