import { describe, expect, it } from 'vitest';
import { glucoseStats } from './glucose-stats';

const T0 = Date.UTC(2024, 4, 1);

describe('glucoseStats periodDays (a period of valid days only, with gaps)', () => {
  // Two full days of 2-minute readings, 10 days apart: 1440 readings.
  const readings = [0, 10].flatMap((d) =>
    Array.from({ length: 720 }, (_, i) => ({ time: T0 + d * 86_400_000 + i * 120_000, mgdl: 120 })),
  );

  it('without it the span (11 days) is the period, so 1440 readings are not sufficient (≤ 576 × 11)', () => {
    const s = glucoseStats(readings);
    expect(s.days).toBeCloseTo(10 + 1, 6);
    expect([s.sufficient, s.eA1c]).toEqual([false, null]);
  });

  it('with periodDays 2 the rule sees 1440 > 576 × 2 and shows eA1c = (120 + 46.7) / 28.7', () => {
    const s = glucoseStats(readings, { periodDays: 2 });
    expect(s.days).toBe(2);
    expect(s.sufficient).toBe(true);
    expect(s.eA1c).toBeCloseTo(166.7 / 28.7, 12);
  });
});
