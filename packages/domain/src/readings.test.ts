import { describe, it, expect } from 'vitest';
import { groupByLocalDay } from './local-days';
import { localDayKey, localMinuteOfDay, prepareReadings } from './readings';

const T0 = Date.UTC(2024, 2, 30, 12, 0); // 2024-03-30 12:00 UTC

describe('readings used in statistics (CLINICAL.md "Readings used in statistics")', () => {
  it('keeps [from, to), sorts by time and drops exact duplicates (first kept)', () => {
    const p = prepareReadings(
      [
        { time: T0 + 240_000, mgdl: 130 },
        { time: T0, mgdl: 100 },
        { time: T0 + 120_000, mgdl: 120 },
        { time: T0, mgdl: 999 }, // same time: a duplicate, dropped
        { time: T0 + 360_000, mgdl: 140 }, // at `to`: excluded
      ],
      T0,
      T0 + 360_000,
    );
    expect(p.n).toBe(3);
    expect([...p.values.subarray(0, p.n)]).toEqual([100, 120, 130]);
  });

  it('drops values that are not measurements (0, negative, NaN, Infinity)', () => {
    const p = prepareReadings([
      { time: T0, mgdl: 0 },
      { time: T0 + 1, mgdl: -5 },
      { time: T0 + 2, mgdl: Number.NaN },
      { time: T0 + 3, mgdl: Infinity },
      { time: T0 + 4, mgdl: 90 },
    ]);
    expect(p.n).toBe(1);
  });
});

describe('local day (DESIGN.md "reports group by the patient\'s local day")', () => {
  it.each([
    // [UTC ISO, offset min, local day, minute of day]
    ['2024-03-30T22:59:00Z', 60, '2024-03-30', 1439],
    ['2024-03-30T23:00:00Z', 60, '2024-03-31', 0],
    ['2024-03-31T21:59:00Z', 120, '2024-03-31', 1439], // after the spring change (CEST)
    ['2024-03-31T22:00:00Z', 120, '2024-04-01', 0],
    ['2024-01-01T03:00:00Z', -300, '2023-12-31', 1320], // New York, winter
    ['2024-02-29T12:00:00Z', 0, '2024-02-29', 720],
    ['1969-12-31T23:00:00Z', 0, '1969-12-31', 1380],
  ])('%s at %d min → %s, minute %d', (iso, offset, day, minute) => {
    const t = Date.parse(iso);
    expect(localDayKey(t, offset)).toBe(day);
    expect(localMinuteOfDay(t, offset)).toBe(minute);
  });

  it('agrees with Date for many days (property over 400 years of days)', () => {
    for (let d = -50_000; d < 100_000; d += 97) {
      const t = d * 86_400_000 + 3_600_000;
      expect(localDayKey(t)).toBe(new Date(t).toISOString().slice(0, 10));
    }
  });

  it('groups by local day across the spring change in Berlin (23-hour local day)', () => {
    // 2024-03-31: clocks go 02:00 CET → 03:00 CEST at 01:00 UTC.
    const start = Date.UTC(2024, 2, 30, 23, 0); // local 2024-03-31 00:00 CET
    const readings = [];
    for (let t = start; t < Date.UTC(2024, 3, 1, 1, 0); t += 600_000) {
      readings.push({ time: t, mgdl: 100, utcOffsetMin: t < Date.UTC(2024, 2, 31, 1) ? 60 : 120 });
    }
    const days = groupByLocalDay(readings);
    expect([...days.keys()]).toEqual(['2024-03-31', '2024-04-01']);
    expect(days.get('2024-03-31')).toHaveLength(23 * 6); // 23 local hours of 10-minute readings
  });

  it('groups across the autumn change (25-hour local day)', () => {
    // 2024-10-27: 03:00 CEST → 02:00 CET at 01:00 UTC. Local day starts 2024-10-26T22:00Z.
    const start = Date.UTC(2024, 9, 26, 22, 0);
    const readings = [];
    for (let t = start; t < Date.UTC(2024, 9, 27, 23, 0); t += 600_000) {
      readings.push({ time: t, mgdl: 100, utcOffsetMin: t < Date.UTC(2024, 9, 27, 1) ? 120 : 60 });
    }
    expect(groupByLocalDay(readings).get('2024-10-27')).toHaveLength(25 * 6);
  });
});
