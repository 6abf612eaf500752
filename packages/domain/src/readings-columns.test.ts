import { describe, expect, it } from 'vitest';
import { dailyProfile, dailyProfileColumns } from './daily-profile';
import { glucoseStatsByLocalDay } from './daily-stats';
import { sensorWear, validDays } from './days';
import { glucoseStats } from './glucose-stats';
import { columnsByLocalDay, groupByLocalDay } from './local-days';
import type { GlucoseReading, PreparedReadings } from './readings';

// Readings given column-wise (the server's compact read path) give the same figures as objects,
// including the cases prepareReadings has to repair: disorder, duplicates, non-positive values,
// and a change of UTC offset that sends local days backwards.
const T0 = Date.UTC(2025, 0, 6, 5);
const readings: GlucoseReading[] = Array.from({ length: 3 * 720 }, (_, i) => ({
  time: T0 + i * 120_000,
  mgdl: 60 + ((i * 37) % 190) + (i % 3) * 0.5,
  utcOffsetMin: i < 1500 ? -300 : -1200,
}));
readings.push({ time: T0 + 5 * 120_000, mgdl: 99, utcOffsetMin: -300 }); // duplicate, out of order
readings.push({ time: T0 + 7_000, mgdl: 0, utcOffsetMin: -300 }); // not a measurement
const columns = (list: GlucoseReading[]): PreparedReadings => ({
  n: list.length,
  times: Float64Array.from(list, (r) => r.time),
  values: Float64Array.from(list, (r) => r.mgdl),
  offsets: Float64Array.from(list, (r) => r.utcOffsetMin ?? 0),
});

describe('readings column-wise', () => {
  for (const [label, list] of [
    ['repaired', readings],
    ['already prepared', readings.slice(0, 2160)],
  ] as const) {
    it(`agree with objects (${label})`, () => {
      const c = columns(list);
      const options = { from: T0, to: T0 + 3 * 86_400_000, targetLow: 80, targetHigh: 160 };
      expect(glucoseStats(c, options)).toEqual(glucoseStats(list, options));
      expect(validDays(c)).toEqual(validDays(list));
      expect(sensorWear(c, T0, T0 + 86_400_000)).toEqual(sensorWear(list, T0, T0 + 86_400_000));
      expect(dailyProfile(c, { percentiles: [5, 50, 95] })).toEqual(
        dailyProfile(list, { percentiles: [5, 50, 95] }),
      );
      expect(glucoseStatsByLocalDay(c, { targetLow: 80 })).toEqual(
        glucoseStatsByLocalDay(list, { targetLow: 80 }),
      );
      const byDay = columnsByLocalDay(c);
      expect([...byDay.keys()]).toEqual([...groupByLocalDay(list).keys()]);
      for (const [day, items] of groupByLocalDay(list)) expect(byDay.get(day)).toEqual(columns(items));
    });
  }

  it('dailyProfileColumns holds dailyProfile column-wise', () => {
    const bins = dailyProfile(readings, { binMinutes: 30, percentiles: [10, 50] });
    const c = dailyProfileColumns(readings, { binMinutes: 30, percentiles: [10, 50] });
    expect(c.startMinute).toEqual(bins.map((b) => b.startMinute));
    expect(c.count).toEqual(bins.map((b) => b.count));
    expect(c.percentiles.get(50)).toEqual(bins.map((b) => b.percentiles[50]));
  });
});
