import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { glucoseStats } from './glucose-stats';
import type { GlucoseReading } from './readings';

const T0 = Date.UTC(2024, 4, 1);
const MIN = 60_000;

function series(values: number[], stepMin = 2, start = T0): GlucoseReading[] {
  return values.map((mgdl, i) => ({ time: start + i * stepMin * MIN, mgdl }));
}

describe('glucoseStats on five readings worked by hand (CLINICAL.md "Readings used in statistics")', () => {
  // 50, 65, 100, 200, 300 every 2 minutes: one reading in each consensus band.
  const s = glucoseStats(series([50, 65, 100, 200, 300]));

  it('mean, sample SD (n − 1), CV', () => {
    expect(s.count).toBe(5);
    expect(s.mean).toBe(143);
    // Σ(x − 143)² = 8649 + 6084 + 1849 + 3249 + 24649 = 44480; /4 = 11120; √ = 105.4514106…
    expect(s.sd).toBeCloseTo(105.45141061171255, 10);
    expect(s.cv).toBeCloseTo(73.74224518301577, 10);
  });

  it('min, max, median, quartiles (type 7: h = 4p), IQR', () => {
    expect([s.min, s.max, s.median, s.q1, s.q3, s.iqr]).toEqual([50, 300, 100, 65, 200, 135]);
  });

  it('time in the five consensus ranges (Battelino 2019) and in the target range', () => {
    expect(s.timeInRanges).toEqual({ veryLow: 20, low: 20, inRange: 20, high: 20, veryHigh: 20 });
    expect(s.inTarget).toBe(20);
  });

  it('GRI capped at 100, zone E (Klonoff 2023)', () => {
    // 3·20 + 2.4·20 + 1.6·20 + 0.8·20 = 156 → 100.
    expect(s.gri).toBe(100);
    expect(s.griZone).toBe('E');
  });

  it('LBGI and HBGI (Kovatchev 2006; values from numpy with the same formula)', () => {
    expect(s.lbgi).toBeCloseTo(6.666787936064514, 10);
    expect(s.hbgi).toBeCloseTo(9.111347129405797, 10);
  });

  it('AUC above 198 and below 93.6 per day of data', () => {
    // Above: 100→200 crosses (2²·(1/30)/(2·100)) + 200→300 trapezium (104/2·1/30) = 1.734 mg/dL·h
    // over 8 covered minutes → 1.734 · 180 = 312.12 per day (numpy trapezoid agrees).
    expect(s.aucAbove).toBeCloseTo(312.12, 9);
    // Below: 50→65 (43.6 + 28.6)/2·1/30 + 65→100 crossing 28.6²·(1/30)/(2·35) = 1.5928381 → ×180.
    expect(s.aucBelow).toBeCloseTo(286.7108571428, 8);
  });

  it('eA1c when covered time exceeds 80 % of the period; GMI only over 14 days or more', () => {
    // Default period: first reading to last + 2 min = 10 min, covered 5 × 120 s = 600 s: 100 %.
    expect([s.coveredSeconds, s.coveragePct]).toEqual([600, 100]);
    expect([s.sufficient, s.eA1cWithheld]).toEqual([true, null]);
    expect(s.eA1c).toBeCloseTo((143 + 46.7) / 28.7, 12);
    // GMI = 3.31 + 0.02392 × 143 would need 14 days (CLINICAL.md "GMI"): withheld, and why.
    expect([s.gmi, s.gmiWithheld]).toEqual([null, 'too-few-days']);
    // The same readings in a whole-day period are far from enough: 600 s of 86 400 s.
    const day = glucoseStats(series([50, 65, 100, 200, 300]), { from: T0, to: T0 + 86_400_000 });
    expect(day.days).toBe(1);
    expect(day.coveragePct).toBeCloseTo((600 / 86_400) * 100, 12);
    expect([day.eA1c, day.gmi, day.sufficient]).toEqual([null, null, false]);
    expect([day.eA1cWithheld, day.gmiWithheld]).toEqual(['too-little-data', 'too-few-days']);
  });
});

describe('glucoseStats options and edges', () => {
  it('uses the user target range, bounds included (CLINICAL.md "in target")', () => {
    const s = glucoseStats(series([79, 80, 140, 141]), { targetLow: 80, targetHigh: 140 });
    expect(s.inTarget).toBe(50);
  });

  it('puts the band boundaries where the consensus does: 54 low, 70 and 180 in range, 250 high', () => {
    const s = glucoseStats(series([53.9, 54, 69.9, 70, 180, 180.1, 250, 250.1]));
    expect(s.timeInRanges).toEqual({ veryLow: 12.5, low: 25, inRange: 25, high: 25, veryHigh: 12.5 });
  });

  it('puts the pregnancy (type 1) boundaries at 63 and 140, bounds in range (Battelino 2019)', () => {
    const s = glucoseStats(series([50, 62.9, 63, 100, 140, 140.1, 200, 300]));
    expect(s.timeInPregnancyRanges).toEqual({
      veryLow: 12.5,
      low: 12.5,
      inRange: 37.5,
      high: 25,
      veryHigh: 12.5,
    });
    // Weighted like the consensus bands: a 5-minute source counts 2.5 times a 2-minute one.
    const mixed = glucoseStats([
      { time: T0, mgdl: 60, intervalMin: 5 },
      { time: T0 + 10 * MIN, mgdl: 100, intervalMin: 2 },
    ]);
    expect(mixed.timeInPregnancyRanges!.low).toBeCloseTo((100 * 5) / 7, 10);
    expect(mixed.timeInPregnancyRanges!.inRange).toBeCloseTo((100 * 2) / 7, 10);
  });

  it('counts only [from, to) and removes duplicates', () => {
    const readings = [...series([100, 200, 300]), { time: T0, mgdl: 400 }];
    const s = glucoseStats(readings, { from: T0, to: T0 + 4 * MIN });
    expect([s.count, s.mean]).toEqual([2, 150]);
  });

  it('with no readings: count 0 and every figure null', () => {
    const s = glucoseStats([]);
    const { count, days, sufficient, coveredSeconds, eA1cWithheld, gmiWithheld, ...figures } = s;
    expect([count, days, sufficient, coveredSeconds]).toEqual([0, 0, false, 0]);
    expect([eA1cWithheld, gmiWithheld]).toEqual(['too-little-data', 'too-few-days']);
    for (const v of Object.values(figures)) expect(v).toBeNull();
  });

  it('with one reading: no SD or CV, no AUC (nothing bridged), the rest defined', () => {
    const s = glucoseStats(series([120]));
    expect([s.sd, s.cv, s.aucAbove, s.aucBelow]).toEqual([null, null, null, null]);
    expect([s.mean, s.median, s.q1, s.iqr, s.inTarget]).toEqual([120, 120, 120, 0, 100]);
  });

  it('gives the same result for shuffled input', () => {
    const readings = series([100, 180, 60, 250, 120, 300, 45]);
    const shuffled = [
      readings[3]!,
      readings[0]!,
      readings[6]!,
      readings[2]!,
      readings[5]!,
      readings[1]!,
      readings[4]!,
    ];
    expect(glucoseStats(shuffled)).toEqual(glucoseStats(readings));
  });
});

describe('glucoseStats properties', () => {
  const readingsArb = fc
    .array(
      fc.record({
        minute: fc.integer({ min: 0, max: 5000 }),
        mgdl: fc.oneof(fc.integer({ min: 20, max: 600 }), fc.double({ min: 20, max: 600, noNaN: true })),
      }),
      {
        maxLength: 200,
      },
    )
    .map((xs) => xs.map((x) => ({ time: T0 + x.minute * MIN, mgdl: x.mgdl })));

  it('range percentages sum to 100 and no figure is ever NaN', () => {
    fc.assert(
      fc.property(readingsArb, (readings) => {
        const s = glucoseStats(readings);
        for (const v of Object.values(s)) if (typeof v === 'number') expect(Number.isNaN(v)).toBe(false);
        if (s.count === 0) return;
        const t = s.timeInRanges!;
        expect(t.veryLow + t.low + t.inRange + t.high + t.veryHigh).toBeCloseTo(100, 9);
        expect(s.min!).toBeLessThanOrEqual(s.q1!);
        expect(s.q1!).toBeLessThanOrEqual(s.median!);
        expect(s.median!).toBeLessThanOrEqual(s.q3!);
        expect(s.q3!).toBeLessThanOrEqual(s.max!);
        expect(s.mean!).toBeGreaterThanOrEqual(s.min! - 1e-9);
        expect(s.mean!).toBeLessThanOrEqual(s.max! + 1e-9);
        expect(s.gri!).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('matches a straightforward two-pass computation (property)', () => {
    fc.assert(
      fc.property(readingsArb, (readings) => {
        // Duplicates (same time) removed, the first kept (CLINICAL.md).
        const first = new Map<number, number>();
        for (const r of readings) if (!first.has(r.time)) first.set(r.time, r.mgdl);
        const xs = [...first.values()];
        const s = glucoseStats(readings);
        expect(s.count).toBe(xs.length);
        if (xs.length < 2) return;
        const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
        const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1));
        expect(s.mean).toBeCloseTo(mean, 8);
        expect(s.sd).toBeCloseTo(sd, 6);
      }),
    );
  });
});
