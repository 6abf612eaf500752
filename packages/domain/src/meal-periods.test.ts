import { describe, expect, it } from 'vitest';
import { MEAL_PERIOD_MINUTES, mealPeriodOf, sleepSpans } from './meal-periods';

describe('meal periods of the logbook (spec §9; hours are our reading, docs/CLINICAL.md)', () => {
  it('cuts the local day at 06:00, 11:00, 17:00 and 22:00, start inclusive', () => {
    const at = (h: number, m = 0) => mealPeriodOf(h * 60 + m);
    expect([
      at(0),
      at(5, 59),
      at(6),
      at(10, 59),
      at(11),
      at(16, 59),
      at(17),
      at(21, 59),
      at(22),
      at(23, 59),
    ]).toEqual([
      'night',
      'night',
      'breakfast',
      'breakfast',
      'lunch',
      'lunch',
      'dinner',
      'dinner',
      'night',
      'night',
    ]);
  });

  it('covers the day whole: the four periods add up to 24 hours', () => {
    const length = ({ start, end }: { start: number; end: number }) => (end - start + 1440) % 1440;
    const total = Object.values(MEAL_PERIOD_MINUTES).reduce((s, p) => s + length(p), 0);
    expect(total).toBe(1440);
  });
});

describe('sleepSpans', () => {
  const H = 3_600_000;
  it('gives the nights 22:00–06:00 local that overlap the window, clipped to it', () => {
    const st = Date.UTC(2026, 10, 21, 20); // 21:00 at UTC+1
    const et = st + 26 * H;
    expect(sleepSpans(st, et, 60)).toEqual([
      [Date.UTC(2026, 10, 21, 21), Date.UTC(2026, 10, 22, 5)],
      [Date.UTC(2026, 10, 22, 21), et],
    ]);
  });

  it('is empty for a window inside the day', () => {
    const st = Date.UTC(2026, 10, 21, 9);
    expect(sleepSpans(st, st + 6 * H, 0)).toEqual([]);
  });

  it('starts at the window when it opens during a night', () => {
    const st = Date.UTC(2026, 10, 21, 2);
    expect(sleepSpans(st, st + 6 * H, 0)).toEqual([[st, Date.UTC(2026, 10, 21, 6)]]);
  });
});
