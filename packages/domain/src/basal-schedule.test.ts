import { describe, expect, it } from 'vitest';
import { basalScheduleTotal } from './basal-schedule';

describe('basal pattern daily total (spec §3 basal patterns)', () => {
  it('Σ rate × hours: 1.0 U/h 00–06, 1.5 U/h 06–22, 0.8 U/h 22–24 gives 6 + 24 + 1.6 = 31.6 U', () => {
    const total = basalScheduleTotal([
      { start_min: 0, rate: 1 },
      { start_min: 360, rate: 1.5 },
      { start_min: 1320, rate: 0.8 },
    ]);
    expect(total).toBeCloseTo(31.6, 10);
  });

  it('one segment runs the whole day; an empty schedule delivers nothing', () => {
    expect(basalScheduleTotal([{ start_min: 0, rate: 0.75 }])).toBe(18);
    expect(basalScheduleTotal([])).toBe(0);
  });
});
