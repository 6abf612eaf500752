import { describe, expect, it } from 'vitest';
import { trendOfRate } from '@cgm/domain';
import { rateOfSlope, TrendWindow } from './trend';

describe('trend', () => {
  it('maps slopes to the Nightscout numbering of glucoseRate', () => {
    expect([4, 2.5, 1.5, 0, -1.5, -2.5, -4].map(rateOfSlope)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(rateOfSlope(null)).toBe(8);
    expect(trendOfRate(rateOfSlope(0)).direction).toBe('Flat');
  });

  it('needs three readings within 10 minutes for a slope', () => {
    const w = new TrendWindow();
    w.add(0, 100);
    w.add(120_000, 104);
    expect(w.slope()).toBeNull();
    w.add(240_000, 108);
    expect(w.slope()).toBeCloseTo(2, 10);
    w.add(20 * 60_000, 108);
    expect(w.slope()).toBeNull();
  });
});
