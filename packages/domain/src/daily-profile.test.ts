import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { AGP_PERCENTILES, dailyProfile, segmentProfile } from './daily-profile';
import type { GlucoseReading } from './readings';

const DAY0 = Date.UTC(2024, 0, 1);
const MIN = 60_000;

// CLINICAL.md "Daily profile (AGP) and segment view"; spec §9 "Report bins".
describe('daily profile (144 ten-minute bins) and segment view (48 half-hour bins)', () => {
  it('has 144 and 48 bins starting at 00:00', () => {
    const p = dailyProfile([]);
    expect(p).toHaveLength(144);
    expect(p[1]!.startMinute).toBe(10);
    expect(p[143]!.startMinute).toBe(1430);
    const s = segmentProfile([]);
    expect(s).toHaveLength(48);
    expect(s[47]!.startMinute).toBe(1410);
  });

  it('leaves an empty bin without percentiles (null, never zero)', () => {
    const bin = dailyProfile([])[0]!;
    expect(bin).toEqual({
      startMinute: 0,
      count: 0,
      percentiles: { 10: null, 25: null, 50: null, 75: null, 90: null },
    });
  });

  it('pools every day of the period by local time of day, with type 7 percentiles', () => {
    // 00:00–00:09 local on four days: 100, 110, 120, 130 → p10 = 103, p25 = 107.5, p50 = 115, p75 = 122.5, p90 = 127.
    const readings: GlucoseReading[] = [100, 110, 120, 130].map((mgdl, d) => ({
      time: DAY0 + d * 86_400_000 + 5 * MIN,
      mgdl,
    }));
    const bin = dailyProfile(readings)[0]!;
    expect(bin.count).toBe(4);
    expect(bin.percentiles[10]).toBeCloseTo(103, 12);
    expect(bin.percentiles[25]).toBeCloseTo(107.5, 12);
    expect(bin.percentiles[50]).toBeCloseTo(115, 12);
    expect(bin.percentiles[75]).toBeCloseTo(122.5, 12);
    expect(bin.percentiles[90]).toBeCloseTo(127, 12);
  });

  it('places readings by UTC time plus their own offset, across a daylight-saving change', () => {
    // 06:00 local every day in Berlin: 05:00Z in winter (offset 60), 04:00Z in summer (offset 120).
    const readings: GlucoseReading[] = [
      { time: Date.UTC(2024, 2, 30, 5, 0), mgdl: 100, utcOffsetMin: 60 },
      { time: Date.UTC(2024, 2, 31, 4, 0), mgdl: 200, utcOffsetMin: 120 },
    ];
    const p = dailyProfile(readings);
    expect(p[36]!.count).toBe(2); // 06:00 = minute 360 = bin 36
    expect(p[36]!.percentiles[50]).toBe(150);
  });

  it('treats a bin as [start, start + 10 min): 00:09:59 in bin 0, 00:10 in bin 1', () => {
    const p = dailyProfile([
      { time: DAY0 + 10 * MIN - 1000, mgdl: 100 },
      { time: DAY0 + 10 * MIN, mgdl: 200 },
    ]);
    expect([p[0]!.count, p[1]!.count]).toEqual([1, 1]);
  });

  it('removes duplicates (same time) like the statistics', () => {
    const p = dailyProfile([
      { time: DAY0, mgdl: 100 },
      { time: DAY0, mgdl: 300 },
    ]);
    expect(p[0]!.count).toBe(1);
    expect(p[0]!.percentiles[90]).toBe(100);
  });

  it('offers the AGP convention 5/25/50/75/95 (Battelino 2019) on request', () => {
    const p = dailyProfile([{ time: DAY0, mgdl: 100 }], { percentiles: AGP_PERCENTILES });
    expect(Object.keys(p[0]!.percentiles).map(Number)).toEqual([5, 25, 50, 75, 95]);
  });

  it('refuses bins that do not divide the day and percentiles outside 0–100', () => {
    expect(() => dailyProfile([], { binMinutes: 7 })).toThrow(RangeError);
    expect(() => dailyProfile([], { percentiles: [101] })).toThrow(RangeError);
  });
});

describe('profile invariants (properties)', () => {
  const readingsArb = fc.array(
    fc.record({
      time: fc.integer({ min: DAY0, max: DAY0 + 5 * 86_400_000 }),
      mgdl: fc.oneof(fc.integer({ min: 39, max: 401 }), fc.double({ min: 39, max: 401, noNaN: true })),
      utcOffsetMin: fc.constantFrom(-300, 0, 60, 120, 330, 480),
    }),
    { maxLength: 300 },
  );

  it('p10 ≤ p25 ≤ p50 ≤ p75 ≤ p90 in every bin, counts add up, empty bins null', () => {
    fc.assert(
      fc.property(readingsArb, fc.constantFrom(10, 30), (readings, binMinutes) => {
        const p = dailyProfile(readings, { binMinutes });
        const unique = new Set(readings.map((r) => r.time)).size;
        expect(p.reduce((s, b) => s + b.count, 0)).toBe(unique);
        for (const b of p) {
          const q = [10, 25, 50, 75, 90].map((k) => b.percentiles[k]);
          if (b.count === 0) expect(q.every((v) => v === null)).toBe(true);
          else for (let i = 1; i < q.length; i++) expect(q[i - 1]!).toBeLessThanOrEqual(q[i]!);
        }
      }),
    );
  });

  it('gives the same bins whether values are whole (counting sort) or not (numeric sort)', () => {
    fc.assert(
      fc.property(readingsArb, (readings) => {
        const whole = readings.map((r) => ({ ...r, mgdl: Math.round(r.mgdl) }));
        // Adding 0.5 to every value keeps the order and shifts every percentile by exactly 0.5.
        const half = whole.map((r) => ({ ...r, mgdl: r.mgdl + 0.5 }));
        const a = dailyProfile(whole);
        const b = dailyProfile(half);
        for (let i = 0; i < a.length; i++) {
          expect(b[i]!.count).toBe(a[i]!.count);
          for (const k of [10, 25, 50, 75, 90]) {
            const x = a[i]!.percentiles[k];
            const y = b[i]!.percentiles[k];
            if (x === null) expect(y).toBeNull();
            else expect(y!).toBeCloseTo(x! + 0.5, 9);
          }
        }
      }),
    );
  });
});
