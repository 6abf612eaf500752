import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isoOf } from './iso-time';

describe('isoOf', () => {
  it('writes what toISOString writes', () => {
    for (const ms of [
      0, 1, 999, 1000, 59_999, 86_399_999, 86_400_000, 951_782_400_000, 1_764_198_300_123,
      253_402_300_799_999,
    ])
      expect(isoOf(ms)).toBe(new Date(ms).toISOString());
    expect(isoOf(1_764_198_300_123)).toBe('2025-11-26T23:05:00.123Z');
  });

  it('agrees with toISOString when calls alternate between days (the kept days change)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40 * 86_400_000 }), { minLength: 1, maxLength: 30 }),
        (times) => {
          for (const ms of times) expect(isoOf(ms)).toBe(new Date(ms).toISOString());
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('agrees with toISOString on any instant, before 1970, after 9999 and fractional ones included', () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), fc.boolean(), (ms, half) => {
        const t = half ? ms + 0.5 : ms;
        expect(isoOf(t)).toBe(new Date(t).toISOString());
      }),
      { numRuns: 20_000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799_999 }), (ms) => {
        expect(isoOf(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 20_000 },
    );
  });
});
