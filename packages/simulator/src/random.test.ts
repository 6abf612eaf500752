import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from './random';

describe('Rng', () => {
  it('repeats the same sequence for the same key and differs for another', () => {
    const a = new Rng('patient:7');
    const b = new Rng('patient:7');
    const c = new Rng('patient:8');
    const seq = (r: Rng) => Array.from({ length: 20 }, () => r.next());
    const first = seq(a);
    expect(seq(b)).toEqual(first);
    expect(seq(c)).not.toEqual(first);
  });

  it('forks streams by label, whatever was drawn before', () => {
    const a = new Rng('x');
    const b = new Rng('x');
    b.next();
    b.normal();
    expect(a.fork('sensor').next()).toBe(b.fork('sensor').next());
    expect(a.fork('sensor').next()).not.toBe(a.fork('pump').next());
  });

  it('draws inside its ranges', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: 0, max: 50 }),
        (key, lo, width) => {
          const r = new Rng(key);
          for (let i = 0; i < 50; i++) {
            const u = r.next();
            expect(u >= 0 && u < 1).toBe(true);
            const n = r.int(lo, lo + width);
            expect(Number.isInteger(n) && n >= lo && n <= lo + width).toBe(true);
            const v = r.around(0, 10, -1, 1);
            expect(v >= -1 && v <= 1).toBe(true);
            expect(r.factor(0.2)).toBeGreaterThan(0);
          }
        },
      ),
    );
  });

  it('has a roughly standard normal distribution', () => {
    const r = new Rng('normal');
    const n = 20_000;
    let sum = 0;
    let sq = 0;
    for (let i = 0; i < n; i++) {
      const z = r.normal();
      sum += z;
      sq += z * z;
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.03);
    expect(Math.abs(sq / n - 1)).toBeLessThan(0.05);
  });

  it('picks by weight', () => {
    const r = new Rng('w');
    const counts = [0, 0, 0];
    for (let i = 0; i < 9000; i++) counts[r.weighted([1, 2, 0])]!++;
    expect(counts[2]).toBe(0);
    expect(counts[1]! / counts[0]!).toBeGreaterThan(1.7);
    expect(counts[1]! / counts[0]!).toBeLessThan(2.3);
    expect(() => r.pick([])).toThrow(RangeError);
  });
});
