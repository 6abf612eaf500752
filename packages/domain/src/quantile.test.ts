import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { quantile, quantileOfRange } from './quantile';
import { allSmallWholeNumbers, orderByValue, sortedCopy } from './sort';

// CLINICAL.md "Readings used in statistics": type 7 (R's default, numpy's 'linear', d3.quantile).
describe('quantile, type 7 (CLINICAL.md; Hyndman & Fan 1996)', () => {
  it.each([
    // Expected values from numpy.percentile(x, 100·p) (default method 'linear' = type 7).
    [[1, 2, 3, 4], 0.25, 1.75],
    [[1, 2, 3, 4], 0.5, 2.5],
    [[1, 2, 3, 4], 0.75, 3.25],
    [[1, 2, 3, 4], 0, 1],
    [[1, 2, 3, 4], 1, 4],
    [[10], 0.9, 10],
    [[3, 7], 0.1, 3.4],
    [[88, 89, 90, 91, 94, 94, 122, 141], 0.9, 127.7],
  ])('%j at p = %f is %f', (xs, p, q) => {
    expect(quantile(xs, p)).toBeCloseTo(q, 12);
  });

  it('is NaN for no values and refuses p outside [0, 1]', () => {
    expect(quantile([], 0.5)).toBeNaN();
    expect(() => quantile([1], 1.5)).toThrow(RangeError);
    expect(() => quantile([1], Number.NaN)).toThrow(RangeError);
  });

  it('works on a slice without copying', () => {
    const xs = new Float64Array([9, 1, 2, 3, 4, 9]);
    expect(quantileOfRange(xs, 1, 5, 0.5)).toBe(2.5);
  });

  const sortedArrays = fc
    .array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 200 })
    .map((xs) => [...xs].sort((a, b) => a - b));

  it('lies between min and max and grows with p (property)', () => {
    fc.assert(
      fc.property(
        sortedArrays,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (xs, p1, p2) => {
          const [lo, hi] = p1 <= p2 ? [p1, p2] : [p2, p1];
          const a = quantile(xs, lo);
          const b = quantile(xs, hi);
          expect(a).toBeGreaterThanOrEqual(xs[0]!);
          expect(b).toBeLessThanOrEqual(xs[xs.length - 1]!);
          expect(a).toBeLessThanOrEqual(b);
        },
      ),
    );
  });

  it('hits the order statistics exactly at p = k/(n−1) (property)', () => {
    fc.assert(
      fc.property(sortedArrays, fc.nat(), (xs, k0) => {
        const k = k0 % xs.length;
        const p = xs.length === 1 ? 0 : k / (xs.length - 1);
        expect(quantile(xs, p)).toBeCloseTo(xs[k]!, 6);
      }),
    );
  });
});

describe('sorting for the quantiles (counting sort for whole mg/dL)', () => {
  it('gives the same order as a numeric sort (property)', () => {
    const values = fc.oneof(
      fc.array(fc.integer({ min: 0, max: 2047 }), { maxLength: 300 }),
      fc.array(fc.double({ min: 0, max: 3000, noNaN: true }), { maxLength: 300 }),
    );
    fc.assert(
      fc.property(values, (xs) => {
        const arr = new Float64Array(xs);
        const expected = [...xs].sort((a, b) => a - b);
        expect([...sortedCopy(arr, arr.length)]).toEqual(expected);
        const order = orderByValue(arr, arr.length);
        if (allSmallWholeNumbers(arr, arr.length)) {
          expect([...order!].map((i) => xs[i])).toEqual(expected);
          // Stable: equal values keep their index order.
          for (let k = 1; k < order!.length; k++) {
            if (xs[order![k]!] === xs[order![k - 1]!]) expect(order![k]!).toBeGreaterThan(order![k - 1]!);
          }
        } else expect(order).toBeNull();
      }),
    );
  });
});
