import { describe, expect, it } from 'vitest';
import type { ComparePeriod } from '@cgm/contract';
import { compareRows } from './compare-rows';

function period(over: Partial<ComparePeriod['stats']>, extra: Partial<ComparePeriod> = {}): ComparePeriod {
  return {
    from: '2026-01-01',
    to: '2026-01-14',
    from_ms: 0,
    to_ms: 0,
    stats: {
      count: 4000,
      mean: 162,
      sd: 54,
      cv: 33.3,
      min: 40,
      max: 400,
      median: 150,
      q1: 120,
      q3: 190,
      iqr: 70,
      time_in_ranges: { very_low: 1.04, low: 3, in_range: 65.96, high: 20, very_high: 10 },
      time_in_pregnancy_ranges: null,
      in_target: 66,
      auc_above: null,
      auc_below: null,
      ea1c: null,
      gmi: 7.2,
      ea1c_withheld: null,
      gmi_withheld: null,
      covered_pct: 90,
      gri: null,
      gri_zone: null,
      lbgi: null,
      hbgi: null,
      days: 14,
      sufficient: true,
      ...over,
    },
    profile: {
      bin_minutes: 10,
      start_min: [],
      count: [],
      p5: [],
      p10: [],
      p25: [],
      p50: [],
      p75: [],
      p90: [],
      p95: [],
    },
    days_with_data: 14,
    valid_days: 12,
    sensor_wear: 91.2,
    lows: 5,
    highs: 9,
    ...extra,
  };
}

const pick = (rows: ReturnType<typeof compareRows>, key: string) => rows.find((r) => r.key === key)!;

describe('compare table rows', () => {
  const earlier = period({});
  const later = period(
    {
      mean: 150,
      sd: 45,
      time_in_ranges: { very_low: 0.96, low: 2, in_range: 72.04, high: 18, very_high: 7 },
      gmi: null,
      gmi_withheld: 'too-little-data',
    },
    { lows: 2, highs: 9, sensor_wear: 80 },
  );

  it('gives every figure of both periods with its change and whether it is better', () => {
    const rows = compareRows(earlier, later, 'mg/dL');
    expect(rows.map((r) => r.key)).toEqual([
      'veryLow', 'low', 'inRange', 'high', 'veryHigh', 'mean', 'gmi', 'sd', 'cv', 'wear', 'validDays', 'lows', 'highs',
    ]); // prettier-ignore
    expect(pick(rows, 'inRange').change).toEqual({ delta: 6, direction: 'up', verdict: 'better' });
    expect(pick(rows, 'veryHigh').change).toEqual({ delta: -3, direction: 'down', verdict: 'better' });
    expect(pick(rows, 'wear').change).toEqual({ delta: -11.2, direction: 'down', verdict: 'worse' });
    expect(pick(rows, 'lows').change).toEqual({ delta: -3, direction: 'down', verdict: 'better' });
    expect(pick(rows, 'highs').change).toEqual({ delta: 0, direction: 'same', verdict: null });
    // Mean has no better direction on its own.
    expect(pick(rows, 'mean').change).toEqual({ delta: -12, direction: 'down', verdict: null });
  });

  it('compares the printed 1.0 and 1.0 as no change (very low 1.04 → 0.96)', () => {
    const row = pick(compareRows(earlier, later, 'mg/dL'), 'veryLow');
    expect([row.earlier, row.later, row.change.direction]).toEqual([1, 1, 'same']);
  });

  it('has no change for a withheld figure', () => {
    const row = pick(compareRows(earlier, later, 'mg/dL'), 'gmi');
    expect([row.earlier, row.later, row.change.delta]).toEqual([7.2, null, null]);
  });

  it('works in mmol/L with one decimal', () => {
    const row = pick(compareRows(earlier, later, 'mmol/L'), 'mean');
    expect(row.digits).toBe(1);
    expect(row.earlier).toBeCloseTo(162 / 18, 1);
    expect(row.change).toEqual({ delta: -0.7, direction: 'down', verdict: null });
  });
});
