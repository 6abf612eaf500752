import { describe, expect, it } from 'vitest';
import { PATTERN_NAMES } from './codes';
import { randomProfile } from './random-profile';
import { dailyMean } from './segments';

const profiles = Array.from({ length: 200 }, (_, seed) => randomProfile(seed));

describe('randomProfile', () => {
  it('is the same patient for the same seed', () => {
    expect(randomProfile(42)).toEqual(randomProfile(42));
    expect(randomProfile(42)).not.toEqual(randomProfile(43));
  });

  it('gives varied patients: every level of control, both therapies, all auto targets, some prone to lows', () => {
    const kinds = new Set(profiles.map((p) => `${p.control}/${p.therapy}`));
    expect(kinds.size).toBe(6);
    expect(new Set(profiles.map((p) => p.target))).toEqual(new Set([100, 110, 120]));
    const prone = profiles.filter((p) => p.hypoProne).length;
    expect(prone).toBeGreaterThan(20);
    expect(prone).toBeLessThan(100);
  });

  it('gives plausible settings: 24-hour patterns, ratios and sensitivity that fit the dose', () => {
    for (const p of profiles) {
      for (const name of PATTERN_NAMES) {
        const pattern = p.basalPatterns[name];
        expect(pattern[0]!.startMin).toBe(0);
        expect(pattern.every((s, i) => i === 0 || s.startMin > pattern[i - 1]!.startMin)).toBe(true);
      }
      const basalPerDay = dailyMean(p.basalPatterns.standard) * 24;
      expect(basalPerDay / p.weightKg).toBeGreaterThan(0.15);
      expect(basalPerDay / p.weightKg).toBeLessThan(0.45);
      expect(p.carbRatio.every((c) => c.value >= 4 && c.value <= 30)).toBe(true);
      expect(p.isf.every((c) => c.value >= 15 && c.value <= 120)).toBe(true);
      expect(p.reservoirFillUnits).toBeLessThanOrEqual(200);
      expect(p.mealHabits.length).toBeGreaterThanOrEqual(3);
      expect(new Set(Object.values(p.serials)).size).toBe(3);
    }
  });
});
