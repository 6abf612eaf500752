import { describe, expect, it } from 'vitest';
import type { DdDay } from '@cgm/contract';
import { dayModel, wallMinute } from './shaping';

// CLINICAL.md "Charts draw wall-clock time": on a daylight-saving day the axis and the points use
// the same clock, so a 12:00 bolus and a 12:00 spike are drawn at 12:00, as the list says.

const MIN = 60_000;

/** A day in Berlin: midnight at `fromUtc`, the next at `toUtc`; readings every 2 minutes. */
function berlinDay(day: string, fromUtc: number, toUtc: number, offsetAt: (ms: number) => number): DdDay {
  const time: number[] = [];
  for (let t = fromUtc; t < toUtc; t += 2 * MIN) time.push(t);
  const noonUtc = time.find((t) => (t + offsetAt(t) * MIN) % 86_400_000 === 12 * 60 * MIN)!;
  return {
    day,
    from_ms: fromUtc,
    to_ms: toUtc,
    sg: {
      time,
      utc_offset_min: time.map(offsetAt),
      mgdl: time.map((t) => (t === noonUtc ? 300 : 120)),
      quality: time.map(() => null),
      display_code: time.map(() => null),
    },
    basal: {
      start: [], utc_offset_min: [], duration_min: [], rate: [], delivered: [], code: [], kind: [],
      series: [], auto_basal: [], auto_corr: [], auto_food: [],
    }, // prettier-ignore
    boluses: [{ time: noonUtc, utc_offset_min: offsetAt(noonUtc), kind: 'normal' }],
    bg: [],
    events: [],
    alarms: [],
    sessions: [],
  } as unknown as DdDay;
}

const peakX = (m: ReturnType<typeof dayModel>) => m.sg.flat().find(([, y]) => y === 300)![0];

describe('daily chart on daylight-saving days', () => {
  it('draws 12:00 at 12:00 on the day clocks go forward (29 March, 23 hours)', () => {
    const from = Date.UTC(2026, 2, 28, 23);
    const to = Date.UTC(2026, 2, 29, 22);
    const change = Date.UTC(2026, 2, 29, 1);
    const m = dayModel(
      berlinDay('2026-03-29', from, to, (t) => (t < change ? 60 : 120)),
      'mg/dL',
    );
    expect(m.length).toBe(1440);
    expect(m.boluses[0]!.x).toBe(720);
    expect(peakX(m)).toBe(720);
    // The skipped hour is a jump of the clock, not a gap in the data: the line stays one run.
    expect(m.sg).toHaveLength(1);
    expect(m.sg[0]!.at(-1)![0]).toBe(1438);
  });
  it('draws 12:00 at 12:00 on the day clocks go back (25 October, 25 hours)', () => {
    const from = Date.UTC(2026, 9, 24, 22);
    const to = Date.UTC(2026, 9, 25, 23);
    const change = Date.UTC(2026, 9, 25, 1);
    const m = dayModel(
      berlinDay('2026-10-25', from, to, (t) => (t < change ? 120 : 60)),
      'mg/dL',
    );
    expect(m.boluses[0]!.x).toBe(720);
    expect(peakX(m)).toBe(720);
    // The repeated hour 02:00–03:00 starts a new run instead of a stroke back across the chart.
    expect(m.sg).toHaveLength(2);
    for (const run of m.sg)
      for (let i = 1; i < run.length; i++) expect(run[i]![0]).toBeGreaterThan(run[i - 1]![0]);
  });
  it('keeps instants outside the day outside the axis by their real distance', () => {
    const day = { from_ms: Date.UTC(2026, 0, 1), to_ms: Date.UTC(2026, 0, 2) };
    expect(wallMinute(day.from_ms - 30 * MIN, 0, day)).toBe(-30);
    expect(wallMinute(day.to_ms + 15 * MIN, 0, day)).toBe(1455);
    expect(wallMinute(day.from_ms + 90 * MIN, 0, day)).toBe(90);
  });
});
