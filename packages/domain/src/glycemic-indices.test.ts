import { describe, it, expect } from 'vitest';
import {
  estimatedA1c,
  glucoseManagementIndicator,
  eA1cWithheldReason,
  glycemiaRiskIndex,
  gmiWithheldReason,
  griZone,
  kovatchevF,
  kovatchevFFast,
  kovatchevRisk,
} from './glycemic-indices';

describe('eA1c (ADAG, Nathan et al. 2008; spec §9 "(18·avg + 46.7)/28.7")', () => {
  it.each([
    [154, 6.993], // ADAG table: 7% ↔ 154 mg/dL
    [126, 6.017], // 6% ↔ 126 mg/dL
    [5.5 * 18, (18 * 5.5 + 46.7) / 28.7], // the spec's mmol/L form
  ])('mean %f mg/dL → %f %%', (mean, a1c) => expect(estimatedA1c(mean)).toBeCloseTo(a1c, 3));
});

describe('GMI (Bergenstal et al. 2018: 3.31 + 0.02392 × mean mg/dL)', () => {
  it.each([
    [100, 5.702],
    [154, 6.99368],
    [200, 8.094],
  ])('mean %d → %f %%', (mean, gmi) => expect(glucoseManagementIndicator(mean)).toBeCloseTo(gmi, 5));
});

describe('eA1c rule on covered time (CLINICAL.md "eA1c": more than 80 % of the period)', () => {
  // The spec's "more than 80 % of 720 readings a day" for its 2-minute sensor, in seconds:
  // 577 × 120 = 69 240 s > 69 120 s = 80 % of 86 400 s; 576 × 120 = 69 120 s is not more.
  it.each([
    [576 * 120, 86_400, 'too-little-data'],
    [577 * 120, 86_400, null],
    [8064 * 120, 14 * 86_400, 'too-little-data'], // 576 × 14 readings: exactly 80 %
    [8065 * 120, 14 * 86_400, null],
    [230 * 300, 86_400, 'too-little-data'], // a 5-minute source: 230 × 300 = 69 000 s = 79.9 %
    [231 * 300, 86_400, null], // 69 300 s = 80.2 %
    [0, 0, 'too-little-data'],
  ] as const)('%d s covered of %d s → %s', (covered, period, reason) =>
    expect(eA1cWithheldReason(covered, period)).toBe(reason),
  );
});

describe('GMI rule (CLINICAL.md "GMI": at least 14 days, covered at least 70 %)', () => {
  const DAY = 86_400;
  it.each([
    [14 * DAY, 14 * DAY, null],
    [846_720, 14 * DAY, null], // 70 % of 1 209 600 s exactly: "at least"
    [846_719, 14 * DAY, 'too-little-data'],
    [725_760, 14 * DAY, 'too-little-data'], // 60 %
    [90 * DAY, 90 * DAY, null],
    [13 * DAY, 13 * DAY, 'too-few-days'],
    [561_600, 13 * DAY, 'too-few-days'], // 50 % of 13 days // too few days outranks too little data
    // 14 local days across the spring daylight-saving change last 335 hours.
    [14 * DAY - 3600, 14 * DAY - 3600, null],
    [14 * DAY - 3601, 14 * DAY - 3601, 'too-few-days'],
    [0, 0, 'too-few-days'],
  ] as const)('%d s covered of %d s → %s', (covered, period, reason) =>
    expect(gmiWithheldReason(covered, period)).toBe(reason),
  );
});

describe('GRI (Klonoff et al. 2023)', () => {
  it.each([
    // [veryLow, low, inRange, high, veryHigh, GRI, zone], GRI = 3.0·VLow + 2.4·Low + 1.6·VHigh + 0.8·High
    [0, 0, 100, 0, 0, 0, 'A'],
    [1, 4, 65, 20, 10, 44.6, 'C'],
    [0, 0, 75, 25, 0, 20, 'A'], // a boundary belongs to the lower zone
    [0, 0, 74, 25, 1, 21.6, 'B'],
    [10, 10, 20, 30, 30, 100, 'E'], // 30 + 24 + 48 + 24 = 126, capped at 100
    [0, 5, 55, 20, 20, 60, 'C'],
    [0, 10, 40, 30, 20, 80, 'D'],
  ] as const)('%d/%d/%d/%d/%d → %f zone %s', (veryLow, low, inRange, high, veryHigh, gri, zone) => {
    const value = glycemiaRiskIndex({ veryLow, low, inRange, high, veryHigh });
    expect(value).toBeCloseTo(gri, 10);
    expect(griZone(value)).toBe(zone);
  });
});

describe('LBGI/HBGI risk function (Kovatchev et al. 2006; CLINICAL.md)', () => {
  it.each([
    // f and r = 10·f² computed with Python's math.log for f = 1.509·((ln g)^1.084 − 5.381).
    [40, -1.908338197652404, 36.41754676619226],
    [50, -1.500014848345654, 22.50044545257435],
    [70, -0.880636449995652, 7.755205570609446],
    [180, 0.8791650306138521, 7.729311510542555],
    [400, 2.388432511734105, 57.04609863108487],
  ])('g = %d → f %f, r %f', (g, f, r) => {
    expect(kovatchevF(g)).toBeCloseTo(f, 12);
    expect(kovatchevRisk(g)).toBeCloseTo(r, 10);
  });

  it('is zero near 112.5 mg/dL, where low risk turns to high risk', () => {
    expect(kovatchevF(112.5)).toBeLessThan(0);
    expect(kovatchevF(112.52)).toBeGreaterThan(0);
  });

  it('gives the same value memoised and not, and no NaN below 1 mg/dL', () => {
    for (const g of [1, 39, 112, 113, 401, 1023, 1500, 99.5]) expect(kovatchevFFast(g)).toBe(kovatchevF(g));
    expect(Number.isNaN(kovatchevF(0.5))).toBe(false);
  });
});
