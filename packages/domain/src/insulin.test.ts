import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  decodeBolusAmount,
  decodeInsulinOnBoard,
  formatInsulin,
  offsetHoursToMinutes,
  roundInsulin,
} from './insulin';

describe('insulin display rounding (spec §5 "Insulin values: rounded to 0.05 U steps", CLINICAL.md)', () => {
  it.each([
    [1.024, 1],
    [1.025, 1.05],
    [1.074, 1.05],
    [1.075, 1.1],
    [0.02, 0],
    [0.03, 0.05],
    [12.3456, 12.35],
    [-0.07, -0.05],
    [0, 0],
  ])('%f U → %f U', (u, r) => expect(roundInsulin(u)).toBe(r));

  it('formats with two decimals and "--" without a value', () => {
    expect(formatInsulin(1.075)).toBe('1.10');
    expect(formatInsulin(null)).toBe('--');
  });

  it('always lands on a multiple of 0.05 within 0.025 (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -500, max: 500, noNaN: true }), (u) => {
        const r = roundInsulin(u);
        expect(Math.abs(r - u)).toBeLessThanOrEqual(0.025 + 1e-9);
        expect(Math.abs(r * 20 - Math.round(r * 20))).toBeLessThan(1e-9);
      }),
    );
  });
});

// Spec §9 "Decoding"; the reading and these worked examples are in docs/CLINICAL.md "Insulin decoding".
describe('insulin on board decoding (spec §9: above 100 with 0.01 steps, above 500 with 0.05, 14-bit signed wrap)', () => {
  it.each([
    [2.35, 2.35], // up to 100: as it is
    [100, 100],
    [163.83, -0.01], // 16383 · 0.01: the 14-bit field 0x3FFF is −1 step
    [160.34, -3.5], // 16034 · 0.01 − 163.84
    [100.01, -63.83], // the most negative value the 100 threshold lets through
    [819.15, -0.05], // 16383 · 0.05: −1 step of 0.05 U
    [800.2, -19], // 16004 · 0.05 − 819.2
    [500.05, -319.15],
  ])('raw %f → %f U', (raw, iob) => expect(decodeInsulinOnBoard(raw)).toBeCloseTo(iob, 10));

  it.each([163.84, 300, 500, 819.2, 1000, Number.NaN])(
    'raw %f cannot come from a 14-bit field → null',
    (raw) => {
      expect(decodeInsulinOnBoard(raw)).toBeNull();
    },
  );

  it('inverts the 14-bit encoding of any negative value (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -6383, max: -1 }), (steps) => {
        // Encode −x with 0.01 U steps as the unsigned 14-bit field, read back.
        const raw = ((steps + 16384) % 16384) / 100;
        expect(decodeInsulinOnBoard(raw)).toBeCloseTo(steps / 100, 10);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -6383, max: -1 }), (steps) => {
        const raw = ((steps + 16384) % 16384) * 0.05;
        expect(decodeInsulinOnBoard(raw)).toBeCloseTo(steps * 0.05, 9);
      }),
    );
  });
});

describe('bolus amount decoding (spec §9: above 327.67 signed, subtract 655.36 or 655.35)', () => {
  it.each([
    [3.5, 3.5],
    [327.67, 327.67],
    [655.35, -0.01], // 0xFFFF in 0.01 U, two's complement
    [655.31, -0.05],
    [327.68, -327.68],
  ])('raw %f → %f U (655.36)', (raw, u) => expect(decodeBolusAmount(raw)).toBeCloseTo(u, 10));

  it('offers the spec variant 655.35 where a field is decoded that way', () => {
    expect(decodeBolusAmount(655.35, 655.35)).toBe(0);
    expect(decodeBolusAmount(655.31, 655.35)).toBeCloseTo(-0.04, 10);
  });

  it('turns time-zone offsets in hours into minutes (spec §9)', () => {
    expect(offsetHoursToMinutes(5.5)).toBe(330);
    expect(offsetHoursToMinutes(-3.5)).toBe(-210);
  });
});
