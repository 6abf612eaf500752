import { describe, expect, it } from 'vitest';
import { shownBandPercents, splitPercentages } from './split-percentages';

const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 1000) / 1000;

describe('splitPercentages', () => {
  it('gives the whole to the largest remainder', () => {
    expect(splitPercentages([33.333, 33.333, 33.334])).toEqual([33, 33, 34]);
  });

  it('keeps small parts visible only when their remainder earns it', () => {
    // Each alone rounds to 0, 0, 99 = 99 %; the largest remainders (0.4, 0.4) take the missing 1.
    expect(splitPercentages([0.4, 0.4, 99.2])).toEqual([1, 0, 99]);
    expect(sum(splitPercentages([0.4, 0.4, 99.2]))).toBe(100);
  });

  it('takes away nothing when plain rounding already adds up', () => {
    expect(splitPercentages([10, 20, 70])).toEqual([10, 20, 70]);
    expect(splitPercentages([12.4, 37.6, 50])).toEqual([12, 38, 50]);
  });

  it('never shows 101 % where each part rounds up', () => {
    const parts = splitPercentages([16.5, 16.5, 16.5, 16.5, 34]);
    expect(sum(parts)).toBe(100);
    expect(parts).toEqual([17, 17, 16, 16, 34]);
  });

  it('rounds to the given decimals and adds up to 100.0', () => {
    // Floors 2.0 + 5.0 + 70.0 + 18.4 + 4.4 = 99.8: the remainders 0.6, then 0.4 (the larger part
    // wins the tie with 2.04) take the missing 0.2.
    const parts = splitPercentages([2.04, 5.03, 70.06, 18.43, 4.44], 1);
    expect(parts).toEqual([2, 5, 70.1, 18.4, 4.5]);
    expect(sum(parts)).toBe(100);
  });

  it('is not fooled by binary fractions', () => {
    expect(splitPercentages([14.1, 85.9], 1)).toEqual([14.1, 85.9]);
    expect(splitPercentages([0.1 + 0.2, 99.7], 1)).toEqual([0.3, 99.7]);
  });

  it('moves every part by less than one step', () => {
    const values = [0.9, 3.7, 61.2, 25.1, 9.1];
    const parts = splitPercentages(values);
    parts.forEach((p, i) => expect(Math.abs(p - values[i]!)).toBeLessThan(1));
    expect(sum(parts)).toBe(100);
  });

  it('treats missing or negative parts as 0 and keeps an empty split empty', () => {
    expect(splitPercentages([Number.NaN, -1, 100])).toEqual([0, 0, 100]);
    expect(splitPercentages([0, 0, 0])).toEqual([0, 0, 0]);
    expect(splitPercentages([])).toEqual([]);
  });
});

describe('shownBandPercents', () => {
  it('makes "below 70" the sum of the shown low and very low, "above 180" likewise', () => {
    // Below 70 rounded on its own (4.2) would show 4 beside very low 1 and low 4.
    const shown = shownBandPercents({ veryLow: 0.6, low: 3.6, inRange: 70.2, high: 20.4, veryHigh: 5.2 });
    expect(shown).toEqual({ veryLow: 1, low: 4, inRange: 70, high: 20, veryHigh: 5, below: 5, above: 25 });
    expect(shown.veryLow + shown.low + shown.inRange + shown.high + shown.veryHigh).toBe(100);
  });

  it('keeps one decimal without binary noise in the sums', () => {
    const shown = shownBandPercents({ veryLow: 0.1, low: 0.2, inRange: 99.7, high: 0, veryHigh: 0 }, 1);
    expect(shown.below).toBe(0.3);
    expect(shown.above).toBe(0);
  });
});
