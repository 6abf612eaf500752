import { describe, expect, it } from 'vitest';
import { coverageOfCount, coverageOfSeconds } from './day-coverage';
import { glucoseStatsByLocalDay } from './daily-stats';
import { coveredSeconds, sensorWear, validDays } from './days';
import { glucoseStats } from './glucose-stats';
import { columnsByLocalDay } from './local-days';
import type { GlucoseReading, PreparedReadings } from './readings';
import { prepareReadings } from './readings';
import { assignIntervals, nominalIntervalOfDevice } from './sampling';

// Covered time, wear, valid days and the eA1c/GMI rules for sources other than the portal's
// 2-minute sensor (CLINICAL.md "Sampling interval and coverage", "eA1c", "GMI", "valid day").
// Every expected number is worked by hand in the comment beside it.

const DAY = 86_400_000;
const MIN = 60_000;
const T0 = Date.UTC(2025, 0, 6); // a Monday, UTC (offset 0)

/** `days` days of one source every `step` minutes from T0, leaving out `drop(day, slot)`. */
function source(
  step: number,
  days: number,
  drop: (slot: number) => boolean,
  extra: Partial<GlucoseReading> = {},
) {
  const out: GlucoseReading[] = [];
  const perDay = (24 * 60) / step;
  for (let slot = 0; slot < days * perDay; slot++) {
    if (drop(slot % perDay)) continue;
    // A few seconds of jitter, as real transmitters have; never across a slot.
    out.push({ time: T0 + slot * step * MIN + ((slot * 37) % 21) * 1000, mgdl: 100 + (slot % 90), ...extra });
  }
  return out;
}

const columns = (list: GlucoseReading[]): PreparedReadings => ({
  n: list.length,
  times: Float64Array.from(list, (r) => r.time),
  values: Float64Array.from(list, (r) => r.mgdl),
  offsets: Float64Array.from(list, (r) => r.utcOffsetMin ?? 0),
  intervals: Float64Array.from(list, (r) => r.intervalMin ?? Number.NaN),
});

describe('a 5-minute source with 99 % of its readings over 14 days', () => {
  // 288 slots a day; 3 dropped a day → 285 × 14 = 3990 readings of 4032 (98.96 %).
  const raw = source(5, 14, (slot) => slot % 96 === 50);
  const intervals = assignIntervals([{ key: 'ns', nominalMin: nominalIntervalOfDevice('xDrip-DexcomG6') }], {
    times: raw.map((r) => r.time),
    sourceKeys: raw.map(() => 'ns'),
  });
  const readings = raw.map((r, i) => ({ ...r, intervalMin: intervals[i]! }));
  const period = { from: T0, to: T0 + 14 * DAY };

  it('wears 98.96 %: 3990 × 300 s ÷ 1 209 600 s', () => {
    expect(readings).toHaveLength(3990);
    expect(sensorWear(readings, period.from, period.to)).toBeCloseTo((3990 * 300 * 100) / 1_209_600, 12);
    expect(coveredSeconds(readings, period.from, period.to)).toBe(1_197_000);
    // Read as 2-minute readings (before intervals) it looked like 39.6 % wear.
    expect(sensorWear(raw, period.from, period.to)).toBeCloseTo((3990 * 120 * 100) / 1_209_600, 12);
  });

  it('has 14 valid days: 285 × 300 s = 85 500 s > 84 600 s each', () => {
    const days = validDays(readings);
    expect(days).toHaveLength(14);
    for (const d of days) expect([d.count, d.seconds, d.valid]).toEqual([285, 85_500, true]);
    expect(validDays(columns(readings))).toEqual(days);
  });

  it('shows eA1c (98.96 % > 80 %) and GMI (14 days, ≥ 70 %)', () => {
    const s = glucoseStats(readings, period);
    expect(s.coveredSeconds).toBe(1_197_000);
    expect(s.coveragePct).toBeCloseTo(98.958333333, 8);
    expect([s.eA1cWithheld, s.gmiWithheld, s.sufficient]).toEqual([null, null, true]);
    expect(s.eA1c).toBeCloseTo((s.mean! + 46.7) / 28.7, 12);
    expect(s.gmi).toBeCloseTo(3.31 + 0.02392 * s.mean!, 12);
    expect(glucoseStats(columns(readings), period)).toEqual(s);
  });
});

describe("the portal's 2-minute sensor with 99 % of its readings: as before intervals", () => {
  // 720 slots a day; 7 dropped a day → 713 × 14 = 9982 readings; 713 × 120 = 85 560 s a day.
  const plain = source(2, 14, (slot) => slot % 103 === 7);
  const tagged = plain.map((r) => ({ ...r, intervalMin: 2 }));
  const period = { from: T0, to: T0 + 14 * DAY };

  it('wear = readings ÷ expected readings, 9982 ÷ 10 080; 14 valid days; eA1c and GMI shown', () => {
    expect(plain).toHaveLength(9982);
    expect(sensorWear(plain, period.from, period.to)).toBeCloseTo((9982 / 10_080) * 100, 12);
    expect(validDays(plain).every((d) => d.count === 713 && d.seconds === 85_560 && d.valid)).toBe(true);
    const s = glucoseStats(plain, period);
    expect([s.eA1cWithheld, s.gmiWithheld]).toEqual([null, null]); // 9982 > 576 × 14 = 8064
  });

  it('gives the same figures whether the readings carry their 2 minutes or not', () => {
    expect(glucoseStats(tagged, period)).toEqual(glucoseStats(plain, period));
    expect(validDays(tagged)).toEqual(validDays(plain));
    expect(sensorWear(tagged, period.from, period.to)).toBe(sensorWear(plain, period.from, period.to));
    expect(glucoseStatsByLocalDay(tagged)).toEqual(glucoseStatsByLocalDay(plain));
  });
});

describe('a day mixing a 2-minute and a 5-minute source (CLINICAL.md "Time in ranges")', () => {
  // 00:00–10:00 the portal's sensor (2 min): 300 readings, the first 30 at 60 (low), 270 at 120.
  // 10:00–24:00 a Dexcom (5 min): 168 readings, the first 48 at 200 (high), 120 at 100.
  // Weighted by interval: low 30 × 2 = 60 min; in range 270 × 2 + 120 × 5 = 1140 min; high
  // 48 × 5 = 240 min; 1440 min in all → 4.1667 %, 79.1667 %, 16.6667 %. The plain share of the 468
  // readings would say 6.41 %, 83.33 %, 10.26 %: the Dexcom's 14 hours counted as 6.7.
  const portal = Array.from({ length: 300 }, (_, i) => ({ time: T0 + i * 2 * MIN, mgdl: i < 30 ? 60 : 120 }));
  const dexcom = Array.from({ length: 168 }, (_, i) => ({
    time: T0 + 10 * 60 * MIN + i * 5 * MIN,
    mgdl: i < 48 ? 200 : 100,
    intervalMin: 5,
  }));
  const readings: GlucoseReading[] = [...dexcom, ...portal]; // any order
  const s = glucoseStats(readings, { from: T0, to: T0 + DAY });

  it('weights the bands and the target range by time', () => {
    const t = s.timeInRanges!;
    expect(t.veryLow).toBe(0);
    expect(t.low).toBeCloseTo(100 / 24, 12);
    expect(t.inRange).toBeCloseTo((1140 / 1440) * 100, 12);
    expect(t.high).toBeCloseTo(100 / 6, 12);
    expect(t.veryHigh).toBe(0);
    expect(s.inTarget).toBeCloseTo((1140 / 1440) * 100, 12);
    // GRI from the weighted bands: 2.4 × 4.1667 + 0.8 × 16.6667 = 10 + 13.3333.
    expect(s.gri).toBeCloseTo(23.333333333333, 10);
    expect(s.griZone).toBe('B');
  });

  it('keeps the mean count-based: (30·60 + 270·120 + 48·200 + 120·100) ÷ 468', () => {
    expect(s.count).toBe(468);
    expect(s.mean).toBeCloseTo(55_800 / 468, 12);
    expect(s.median).toBe(120);
  });

  it('covers the whole day: 300 × 120 s + 168 × 300 s = 86 400 s', () => {
    expect([s.coveredSeconds, s.coveragePct, s.eA1cWithheld, s.gmiWithheld]).toEqual([
      86_400,
      100,
      null,
      'too-few-days',
    ]);
    expect(validDays(readings)).toEqual([{ day: '2025-01-06', count: 468, seconds: 86_400, valid: true }]);
    expect(sensorWear(readings, T0, T0 + DAY)).toBe(100);
    expect(glucoseStats(columns(readings), { from: T0, to: T0 + DAY })).toEqual(s);
  });
});

describe('why eA1c or GMI is withheld (CLINICAL.md "Where a figure is withheld")', () => {
  it('13 days of full 5-minute coverage: eA1c shown, GMI too few days', () => {
    const readings = source(5, 13, () => false, { intervalMin: 5 });
    const s = glucoseStats(readings, { from: T0, to: T0 + 13 * DAY });
    expect([s.coveragePct, s.eA1cWithheld, s.gmiWithheld, s.gmi]).toEqual([100, null, 'too-few-days', null]);
    expect(s.eA1c).not.toBeNull();
  });

  it('14 days at 60 % (a 1-minute Libre 3, 3 minutes of every 5): both too little data', () => {
    const readings = source(1, 14, (slot) => slot % 5 >= 3, { intervalMin: 1 });
    const s = glucoseStats(readings, { from: T0, to: T0 + 14 * DAY });
    expect(s.count).toBe(12_096); // 20 160 × 3/5
    expect(s.coveragePct).toBeCloseTo(60, 12);
    expect([s.eA1c, s.gmi, s.eA1cWithheld, s.gmiWithheld]).toEqual([
      null,
      null,
      'too-little-data',
      'too-little-data',
    ]);
  });

  it('14 local days across the spring change (335 hours) still count as 14 days for GMI', () => {
    // Berlin: 2024-03-25 00:00 CET (23:00Z the day before) to 2024-04-08 00:00 CEST (22:00Z).
    const from = Date.UTC(2024, 2, 24, 23);
    const to = Date.UTC(2024, 3, 7, 22);
    expect((to - from) / 3_600_000).toBe(335);
    const readings = Array.from({ length: 335 * 12 }, (_, i) => ({
      time: from + i * 5 * MIN,
      mgdl: 130,
      intervalMin: 5,
    }));
    const s = glucoseStats(readings, { from, to });
    expect([s.coveragePct, s.gmiWithheld]).toEqual([100, null]);
  });
});

describe('intervals carried through preparation and grouping', () => {
  it('keeps the interval of the first of two readings at the same time', () => {
    const p = prepareReadings([
      { time: T0 + 5 * MIN, mgdl: 110, intervalMin: 5 },
      { time: T0, mgdl: 100, intervalMin: 2 },
      { time: T0, mgdl: 999, intervalMin: 15 }, // duplicate: dropped with its interval
      { time: T0 + 6 * MIN, mgdl: 120 }, // no interval: NaN, read as 2 minutes
    ]);
    expect(Array.from(p.intervals!.subarray(0, p.n))).toEqual([2, 5, Number.NaN]);
    expect(coveredSeconds(p, T0, T0 + DAY)).toBe((2 + 5 + 2) * 60);
    expect(prepareReadings([{ time: T0, mgdl: 100 }]).intervals).toBeUndefined();
  });

  it('columnsByLocalDay splits the intervals with the days', () => {
    const list = source(5, 2, () => false, { intervalMin: 5 });
    const byDay = columnsByLocalDay(columns(list));
    expect([...byDay.values()].map((d) => [d.n, d.intervals!.length, d.intervals![0]])).toEqual([
      [288, 288, 5],
      [288, 288, 5],
    ]);
  });
});

describe('coverage from figures a database computed', () => {
  it('coverageOfSeconds: Σ count × interval over sources, capped at the day and at 86 400 s', () => {
    // 150 portal readings (2 min) + 240 Dexcom readings (5 min): 18 000 + 72 000 = 90 000 s → 86 400.
    expect(coverageOfSeconds('2025-01-06', 390, 150 * 120 + 240 * 300)).toEqual({
      day: '2025-01-06',
      count: 390,
      seconds: 86_400,
      valid: true,
    });
    // The 23-hour spring day cannot pass 82 800 s, whatever the sources add up to.
    expect(coverageOfSeconds('2024-03-31', 800, 90_000, 82_800)).toMatchObject({
      seconds: 82_800,
      valid: false,
    });
    expect(coverageOfSeconds('2025-01-06', 283, 283 * 300)).toMatchObject({ seconds: 84_900, valid: true });
    expect(coverageOfSeconds('2025-01-06', 282, 282 * 300).valid).toBe(false); // 84 600 s is not more
    expect(coverageOfCount('2025-01-06', 283, 5)).toEqual(coverageOfSeconds('2025-01-06', 283, 84_900));
  });
});
