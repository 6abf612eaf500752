import { describe, expect, it } from 'vitest';
import type { DdDay, ProfileColumns } from '@cgm/contract';
import { bandPath, dayModel, perDay, profileModel, runsPath, sgPlot, splitRuns } from './shaping';
import { buildMonth, pickDay } from '../settings/calendar-model';

describe('chart data shaping', () => {
  it('breaks a line at gaps and at missing values', () => {
    expect(splitRuns([0, 2, 4, 30, 32], [1, 2, null, 4, 5])).toEqual([
      [
        [0, 1],
        [2, 2],
      ],
      [
        [30, 4],
        [32, 5],
      ],
    ]);
    expect(
      runsPath(
        [
          [
            [0, 1],
            [2, 2],
          ],
        ],
        (x) => x,
        (y) => y * 10,
      ),
    ).toBe('M0.0 10.0L2.0 20.0');
  });
  it('closes a band only where both edges have values', () => {
    const d = bandPath(
      [0, 1, 2],
      [1, null, 1],
      [3, 3, 3],
      (x) => x,
      (y) => y,
    );
    expect(d.split('Z').filter(Boolean)).toHaveLength(2);
  });
  it('plots display codes: H at the top, C/CX off the line, CE0 as a gap, values clamped', () => {
    expect(sgPlot(null, null, 'H', 'mg/dL')).toBe(400);
    expect(sgPlot(null, null, 'H', 'mmol/L')).toBe(22.2);
    expect(sgPlot(120, 'C', null, 'mmol/L')).toBeNull();
    expect(sgPlot(null, null, 'CE0', 'mg/dL')).toBeNull();
    expect(sgPlot(126, null, null, 'mmol/L')).toBe(7);
    expect(sgPlot(30, null, null, 'mg/dL')).toBe(40);
  });
  it('puts a day on minutes after its local midnight, stops drawn at 0 U/h', () => {
    const from = Date.UTC(2025, 0, 10, 5); // local midnight at UTC−5
    const day = {
      day: '2025-01-10',
      from_ms: from,
      to_ms: from + 86_400_000,
      sg: {
        time: [from + 60_000, from + 180_000],
        utc_offset_min: [-300, -300],
        mgdl: [112, 400.5],
        quality: [null, null],
        display_code: [null, null],
      },
      basal: {
        start: [from - 30 * 60_000, from + 600 * 60_000],
        utc_offset_min: [-300, -300],
        duration_min: [60, 30],
        rate: [1.5, 1.2],
        delivered: [1.5, 0.6],
        code: ['BA', 'SUS'],
        kind: ['scheduled', 'suspend'],
        series: ['basal', 'manualStop'],
        auto_basal: [null, null],
        auto_corr: [null, null],
        auto_food: [null, null],
      },
      boluses: [],
      bg: [{ time: from + 120 * 60_000, utc_offset_min: -300, kind: 'bg', mgdl: 90 }],
      events: [],
      alarms: [],
      sessions: [],
    } as unknown as DdDay;
    const m = dayModel(day, 'mg/dL');
    expect(m.length).toBe(1440);
    expect(m.sg).toEqual([
      [
        [1, 112],
        [3, 400],
      ],
    ]);
    expect(m.basal).toEqual([
      { start: 0, end: 30, rate: 1.5, series: 'basal' },
      { start: 600, end: 630, rate: 0, series: 'manualStop' },
    ]);
    expect(m.basalMax).toBe(2);
    expect(m.bg[0]).toMatchObject({ x: 120, y: 90 });
  });
  it('draws auto mode micro-boluses and marks auto mode start and exit', () => {
    const from = Date.UTC(2025, 0, 10, 5);
    const at = (min: number) => from + min * 60_000;
    const day = {
      day: '2025-01-10',
      from_ms: from,
      to_ms: from + 86_400_000,
      sg: { time: [], utc_offset_min: [], mgdl: [], quality: [], display_code: [] },
      basal: {
        start: [at(60), at(60), at(66), at(72), at(78), at(300), at(-6)],
        utc_offset_min: [-300, -300, -300, -300, -300, -300, -300],
        duration_min: [0, 6, 6, 6, 6, 0, 6],
        rate: [0, 1, 1, 1, 1, 0, 1],
        delivered: [0, 0.1, 0.1, 0.1, 0.1, 0, 0.1],
        code: ['BAAMS', 'BAAM', 'BAAM', 'BAAMLunch', 'BAAM', 'BAAME', 'BAAM'],
        kind: ['autoMarker', 'auto', 'auto', 'auto', 'auto', 'autoMarker', 'auto'],
        series: [
          null,
          'autoModeBasal',
          'autoModeBasal',
          'autoModeBasal',
          'autoModeBasal',
          null,
          'autoModeBasal',
        ],
        auto_basal: [null, 0.1, 0.1, 0.1, 0.1, null, 0.1],
        auto_corr: [null, 0, 0.15, 0.05, null, null, 0.2],
        auto_food: [null, 0, null, 0.3, 0, null, 0],
      },
      boluses: [],
      bg: [],
      events: [],
      alarms: [],
      sessions: [],
    } as unknown as DdDay;
    const m = dayModel(day, 'mg/dL');
    // Only rows with a correction or food delivery, inside the day (the row before midnight is not).
    expect(m.autoBoluses.map((b) => [b.x, b.correction, b.food])).toEqual([
      [66, 0.15, 0],
      [72, 0.05, 0.3],
    ]);
    expect(m.autoBolusMax).toBeCloseTo(0.35, 9);
    expect(m.autoMarks.map((a) => [a.x, a.kind])).toEqual([
      [60, 'start'],
      [300, 'exit'],
    ]);
    // The markers are not basal steps.
    expect(m.basal.every((b) => b.series === 'autoModeBasal')).toBe(true);
  });
  it('gives every date of the range a value or null, never 0 for a date without data', () => {
    const rows = [
      { day: '2025-01-01', v: 80 },
      { day: '2025-01-02', v: null },
      { day: '2025-01-04', v: 0 },
    ];
    expect(perDay(['2025-01-01', '2025-01-02', '2025-01-03', '2025-01-04'], rows, (r) => r.v)).toEqual([
      { day: '2025-01-01', value: 80 },
      { day: '2025-01-02', value: null },
      { day: '2025-01-03', value: null },
      { day: '2025-01-04', value: 0 },
    ]);
  });
  it('picks the profile bands of the convention and converts them', () => {
    const p: ProfileColumns = {
      bin_minutes: 10,
      start_min: [0, 10],
      count: [3, 0],
      p5: [54, null],
      p10: [72, null],
      p25: [90, null],
      p50: [108, null],
      p75: [126, null],
      p90: [144, null],
      p95: [180, null],
    };
    const agp = profileModel(p, 'mmol/L', '5-95');
    expect(agp.x).toEqual([5, 15]);
    expect(agp.lo).toEqual([3, null]);
    expect(agp.hi).toEqual([10, null]);
    expect(profileModel(p, 'mg/dL', '10-90').lo).toEqual([72, null]);
  });
});

describe('data map calendar', () => {
  it('lays a month out from Monday with data and chosen days', () => {
    const data = new Map([
      ['2025-04-02', true],
      ['2025-04-03', false],
    ]);
    const m = buildMonth(
      { year: 2025, month: 4 },
      data,
      { from: '2025-04-02', to: '2025-04-03' },
      '2025-04-10',
    );
    expect(m.weeks[0]![0]).toBeNull(); // 1 April 2025 is a Tuesday
    expect(m.weeks[0]![1]).toMatchObject({ day: '2025-04-01', data: 'none', inRange: false });
    expect(m.weeks[0]![2]).toMatchObject({ day: '2025-04-02', data: 'valid', inRange: true });
    expect(m.weeks[0]![3]).toMatchObject({ day: '2025-04-03', data: 'partial', inRange: true });
    expect(m.weeks.flat().find((c) => c?.day === '2025-04-11')?.future).toBe(true);
  });
  it('chooses a first and a last day by two clicks', () => {
    expect(pickDay({ from: null, to: null }, '2025-04-05')).toEqual({ from: '2025-04-05', to: null });
    expect(pickDay({ from: '2025-04-05', to: null }, '2025-04-09')).toEqual({
      from: '2025-04-05',
      to: '2025-04-09',
    });
    expect(pickDay({ from: '2025-04-05', to: null }, '2025-04-01')).toEqual({ from: '2025-04-01', to: null });
    expect(pickDay({ from: '2025-04-05', to: '2025-04-09' }, '2025-04-20')).toEqual({
      from: '2025-04-20',
      to: null,
    });
  });
});
