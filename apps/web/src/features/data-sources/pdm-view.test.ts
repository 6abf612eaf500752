import { describe, expect, it } from 'vitest';
import { basalDailyTotal, minuteAsUtc, scheduleRows } from './pdm-view';

describe('pdm view', () => {
  it('runs each segment to the next start, the last to midnight', () => {
    const rows = scheduleRows([
      { start_min: 0, rate: 0.75 },
      { start_min: 180, rate: 0.85 },
      { start_min: 1320, rate: 0.7 },
    ]);
    expect(rows.map((r) => [r.startMin, r.endMin])).toEqual([
      [0, 180],
      [180, 1320],
      [1320, 1440],
    ]);
  });
  it('totals a basal pattern over 24 hours, to 0.05 U', () => {
    expect(basalDailyTotal([{ start_min: 0, rate: 1 }])).toBe(24);
    expect(
      basalDailyTotal([
        { start_min: 0, rate: 0.75 },
        { start_min: 180, rate: 0.85 },
        { start_min: 480, rate: 0.7 },
      ]),
    ).toBe(17.7);
  });
  it('places a minute of the day on a UTC day', () => {
    expect(new Date(minuteAsUtc(90)).toISOString()).toBe('2000-01-01T01:30:00.000Z');
  });
});
