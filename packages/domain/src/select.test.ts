import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { quantile } from './quantile';
import { quantilesBySelection, quantilesOf } from './select';
import { kovatchevF, kovatchevFFast } from './glycemic-indices';

// Selection must give exactly the type 7 quantiles of the sorted values (CLINICAL.md).
describe('quantiles by selection', () => {
  const ps = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1];
  // -0 is normalised to 0: it is the same number (no reading is -0), but toEqual tells them apart.
  const arrays = fc.oneof(
    fc.array(
      fc.double({ min: -1e4, max: 1e4, noNaN: true }).map((x) => x + 0),
      { minLength: 1, maxLength: 400 },
    ),
    // Few distinct values, many repeats: the mmol/L-converted case.
    fc.array(
      fc.integer({ min: 22, max: 222 }).map((x) => x * 1.8),
      { minLength: 1, maxLength: 400 },
    ),
    fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 400 }),
  );

  it('equals type 7 on the sorted values, for every route (property)', () => {
    fc.assert(
      fc.property(arrays, (xs) => {
        const sorted = [...xs].sort((a, b) => a - b);
        const expected = ps.map((p) => quantile(sorted, p));
        const values = new Float64Array(xs);
        expect(quantilesBySelection(values, xs.length, ps)).toEqual(expected);
        expect(quantilesOf(values, xs.length, ps)).toEqual(expected);
        expect([...values]).toEqual(xs); // input untouched
      }),
    );
  });

  it('handles sorted, reversed and constant input', () => {
    const up = new Float64Array(Array.from({ length: 1001 }, (_, i) => i + 0.5));
    expect(quantilesBySelection(up, 1001, [0.5])).toEqual([500.5]);
    expect(quantilesBySelection(up.slice().reverse(), 1001, [0.25])).toEqual([250.5]);
    expect(quantilesBySelection(new Float64Array(50).fill(7.2), 50, [0.1, 0.9])).toEqual([7.2, 7.2]);
    expect(quantilesOf(new Float64Array(0), 0, [0.5])).toEqual([Number.NaN]);
  });

  it('memoises the risk function without changing it (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 1, max: 2000 }), fc.double({ min: 1, max: 2000, noNaN: true })),
        (g) => {
          expect(kovatchevFFast(g)).toBe(kovatchevF(g));
          expect(kovatchevFFast(g)).toBe(kovatchevF(g));
        },
      ),
    );
  });
});
