import { describe, it, expect } from 'vitest';
import { insulinByLocalDay, splitByLocalDay } from './insulin-stats';
import type { BasalSegment } from './insulin-stats';
import { insulinSummary } from './insulin-summary';
import type { BolusRecord } from './bolus-codes';

const D1 = Date.UTC(2024, 4, 1); // 2024-05-01 00:00 UTC
const H = 3_600_000;

// Spec §3 "Statistics"; CLINICAL.md "Insulin and device data": TDD = basal + bolus (normal,
// extended, combo) per day of data; auto micro-deliveries 0.05 U per 6-minute sample (spec §9);
// time in auto mode = share of time with basal type BAAM.
describe('insulin per local day', () => {
  const basal: BasalSegment[] = [
    { start: D1, durationMin: 600, rate: 1, delivered: 10, type: 'BAS' },
    { start: D1 + 10 * H, durationMin: 60, rate: 0, delivered: 0, type: 'SUSM' },
    { start: D1 + 11 * H, durationMin: 0, rate: 0, delivered: 0, type: 'BAAMS' },
    // 12 h of auto mode as 120 six-minute rows of 0.05 U (spec §9) → 6 U auto basal; two rows
    // also carry 0.1 U of auto correction → 0.2 U auto bolus.
    ...Array.from({ length: 120 }, (_, i) => ({
      start: D1 + 11 * H + i * 6 * 60_000,
      durationMin: 6,
      rate: 0.5,
      delivered: 0.05,
      type: 'BAAM',
      autoDeliveries: { basal: 0.05, correction: i % 60 === 1 ? 0.1 : 0, food: 0 },
    })),
    { start: D1 + 23 * H, durationMin: 0, rate: 0, delivered: 0, type: 'BAAME' },
    { start: D1 + 23 * H, durationMin: 60, rate: 0.5, delivered: 0.5, type: 'BART' },
  ];
  const boluses: BolusRecord[] = [
    { time: D1 + 7 * H, code: 'NB', delivered: 4 },
    { time: D1 + 12 * H, code: 'EB', delivered: 0, extendedDelivered: 2, extendedDurationMin: 120 },
    { time: D1 + 18 * H, code: 'CBM', delivered: 3, extendedDelivered: 1 },
    { time: D1 + 19 * H, code: 'CCW', delivered: 2.5 }, // wizard, normal by its amounts
  ];

  it('adds basal, auto basal, each bolus kind and auto bolus into the total dose', () => {
    const [day] = insulinByLocalDay(basal, boluses);
    expect(day!.day).toBe('2024-05-01');
    expect(day!.basal).toBeCloseTo(10 + 6 + 0.5, 10);
    expect(day!.autoBasal).toBeCloseTo(6, 10);
    expect(day!.bolusNormal).toBeCloseTo(6.5, 10);
    expect(day!.bolusExtended).toBeCloseTo(2, 10);
    expect(day!.bolusCombo).toBeCloseTo(4, 10);
    expect(day!.autoBolus).toBeCloseTo(0.2, 10);
    expect(day!.bolus).toBeCloseTo(12.7, 10);
    expect(day!.total).toBeCloseTo(29.2, 10);
  });

  it('gives time in auto mode, suspend time and auto mode exits', () => {
    const [day] = insulinByLocalDay(basal, boluses);
    expect(day!.basalMinutes).toBe(1440);
    expect(day!.autoModeMinutes).toBe(720);
    expect(day!.suspendMinutes).toBe(60);
    expect(day!.autoModeExits).toBe(1);
    const s = insulinSummary(basal, boluses);
    expect(s.timeInAutoMode).toBe(50);
    expect(s.basalPercent! + s.bolusPercent!).toBeCloseTo(100, 10);
    expect(s.basalPercent).toBeCloseTo((100 * 16.5) / 29.2, 10);
  });

  it('splits a segment at local midnight by time and averages per day of data', () => {
    // 22:00–02:00 local (UTC+2) at 1 U/h: 2 U on each local day.
    const seg: BasalSegment = {
      start: Date.UTC(2024, 4, 1, 20),
      utcOffsetMin: 120,
      durationMin: 240,
      rate: 1,
      delivered: 4,
      type: 'BAS',
    };
    const rows = insulinByLocalDay([seg], []);
    expect(rows.map((r) => [r.day, r.basal])).toEqual([
      ['2024-05-01', 2],
      ['2024-05-02', 2],
    ]);
    expect(insulinSummary([seg], []).totalDailyDose).toBe(2);
    expect(insulinSummary([seg], [], { fromDay: '2024-05-02' }).days).toBe(1);
  });

  it('splits by each local day across the spring change (23-hour day)', () => {
    // Berlin 2024-03-31 starts 2024-03-30T23:00Z (CET) and ends 2024-03-31T22:00Z (CEST).
    expect(splitByLocalDay(Date.UTC(2024, 2, 30, 23), 23 * 60, 60)).toEqual([[19813, 23 * 60]]);
    expect(splitByLocalDay(Date.UTC(2024, 2, 31, 1), 22 * 60, 120)).toEqual([
      [19813, 21 * 60],
      [19814, 60],
    ]);
  });

  it('has no figures without data, and no NaN', () => {
    const s = insulinSummary([], []);
    expect(s).toEqual({
      days: 0, totalDailyDose: null, basal: null, bolus: null, bolusNormal: null, bolusExtended: null,
      bolusCombo: null, autoBasal: null, autoBolus: null, basalPercent: null, bolusPercent: null,
      timeInAutoMode: null, autoModeExits: 0,
    }); // prettier-ignore
  });
});
