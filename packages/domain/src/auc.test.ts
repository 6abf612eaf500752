import { describe, it, expect } from 'vitest';
import { areaUnderCurve, positivePartArea } from './auc';

const MIN = 60_000;

function auc(points: Array<[minute: number, mgdl: number]>, above = 198, below = 93.6) {
  const times = new Float64Array(points.map(([m]) => m * MIN));
  const values = new Float64Array(points.map(([, g]) => g));
  return areaUnderCurve(times, values, points.length, above, below);
}

// CLINICAL.md "Area under the curve": exact integral, linear between readings ≤ 15 min apart,
// per day of data = total ÷ (covered hours ÷ 24). Expected values worked by hand below.
describe('area under the curve (CLINICAL.md)', () => {
  it('integrates a trapezium above the limit', () => {
    // 200 → 220 over 10 min, T = 198: (2 + 22)/2 · 1/6 h = 2 mg/dL·h in 1/6 h → ×144 = 288 per day.
    expect(
      auc([
        [0, 200],
        [10, 220],
      ]).abovePerDay,
    ).toBeCloseTo(288, 10);
  });

  it('integrates only the triangle above the limit when the line crosses it', () => {
    // 188 → 208 over 10 min: crossing halfway, triangle ½ · 5 min · 10 = 10²·(1/6)/(2·20) h → ×144 = 60.
    expect(
      auc([
        [0, 188],
        [10, 208],
      ]).abovePerDay,
    ).toBeCloseTo(60, 10);
    expect(
      auc([
        [0, 208],
        [10, 188],
      ]).abovePerDay,
    ).toBeCloseTo(60, 10);
  });

  it('measures below the limit the same way', () => {
    // 83.6 → 83.6 for 15 min: 10 mg/dL under 93.6 for ¼ h → 10 · 24 = 240 per day.
    expect(
      auc([
        [0, 83.6],
        [15, 83.6],
      ]).belowPerDay,
    ).toBeCloseTo(240, 10);
  });

  it('bridges at most 15 minutes: a 16-minute gap adds neither area nor covered time', () => {
    const r = auc([
      [0, 300],
      [16, 300],
    ]);
    expect(r).toEqual({ abovePerDay: null, belowPerDay: null, coveredHours: 0 });
    const s = auc([
      [0, 300],
      [15, 300],
      [31, 300],
      [33, 300],
    ]);
    expect(s.coveredHours).toBeCloseTo(17 / 60, 12);
    expect(s.abovePerDay).toBeCloseTo(102 * 24, 10);
  });

  it('has closed-form pieces: trapezium, triangle, nothing', () => {
    expect(positivePartArea(2, 4, 1)).toBe(3);
    expect(positivePartArea(-2, -4, 1)).toBe(0);
    expect(positivePartArea(3, -1, 1)).toBeCloseTo(9 / 8, 12);
    expect(positivePartArea(0, 0, 1)).toBe(0);
  });
});
