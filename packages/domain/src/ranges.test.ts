import { describe, expect, it } from 'vitest';
import { hasEnoughDataForTir, TIR_MIN_COVERAGE_PCT } from './ranges';

describe('time in range needs enough data (consensus: ≥ 70 % of the readings)', () => {
  it('uses the consensus threshold', () => expect(TIR_MIN_COVERAGE_PCT).toBe(70));

  it.each([
    [100, true],
    [70, true],
    [69.99, false],
    [0.01, false],
    [0, false],
    [Number.NaN, false],
  ])('coverage %s %% → %s', (coverage, shown) => expect(hasEnoughDataForTir(coverage)).toBe(shown));
});
