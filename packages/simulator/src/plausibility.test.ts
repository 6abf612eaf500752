import { describe, expect, it } from 'vitest';
import { glucoseStats } from '@cgm/domain';
import { generateHistory } from './history';
import { tirIntent } from './profile';
import { randomProfile } from './random-profile';

const FROM = Date.UTC(2025, 2, 3);

// Good, fair and poor control, with and without auto mode, and a patient prone to lows.
const CASES = [
  { seed: 4, kind: 'good/auto' },
  { seed: 10, kind: 'good/manual' },
  { seed: 1, kind: 'fair/auto' },
  { seed: 8, kind: 'fair/manual' },
  { seed: 12, kind: 'poor/auto' },
  { seed: 3, kind: 'poor/manual' },
  { seed: 13, kind: 'fair/auto' },
];

function summary(seed: number) {
  const profile = randomProfile(seed);
  const { records } = generateHistory(profile, { from: FROM, days: 14 });
  const sg = records.filter((r) => r.type === 'sg');
  // H (above 400) counts as 400 in the statistics here.
  const stats = glucoseStats(sg.map((r) => ({ time: r.time, mgdl: r.mgdl ?? 400 })));
  let episodes = 0;
  let run = 0;
  for (const r of sg) {
    run = (r.mgdl ?? 400) < 70 ? run + 1 : 0;
    if (run === 8) episodes++; // 15 minutes below 70 mg/dL
  }
  return { profile, stats, episodes, values: sg.map((r) => r.mgdl) };
}

describe('physiological plausibility over 14 days', () => {
  it.each(CASES)('seed $seed ($kind): mean, time in range and lows as intended', ({ seed, kind }) => {
    const { profile, stats, episodes, values } = summary(seed);
    expect(`${profile.control}/${profile.therapy}`).toBe(kind);
    expect(values.every((v) => v === null || (Number.isFinite(v) && v >= 40 && v <= 400))).toBe(true);
    expect(stats.mean).toBeGreaterThanOrEqual(100);
    expect(stats.mean).toBeLessThanOrEqual(220);
    const intent = tirIntent(profile);
    const tir = stats.timeInRanges!.inRange;
    expect(tir).toBeGreaterThanOrEqual(intent.tirMin);
    expect(tir).toBeLessThanOrEqual(intent.tirMax);
    // Lows happen, but rarely: less than the consensus limit of 4 % below 70 mg/dL.
    expect(stats.timeInRanges!.low + stats.timeInRanges!.veryLow).toBeLessThan(4);
    expect(episodes).toBeLessThanOrEqual(21); // at most 1.5 a day, even when prone to lows
    expect(stats.cv).toBeGreaterThan(20);
    expect(stats.cv).toBeLessThan(45);
    expect(stats.sufficient).toBe(true);
  });

  it('has lows in a patient prone to them', () => {
    const { profile, episodes } = summary(13);
    expect(profile.hypoProne).toBe(true);
    expect(episodes).toBeGreaterThanOrEqual(4);
  });

  it('puts a well controlled patient above a fair and a poorly controlled one (manual therapy)', () => {
    const tir = (seed: number) => summary(seed).stats.timeInRanges!.inRange;
    const good = tir(10);
    expect(good).toBeGreaterThan(tir(8));
    expect(good).toBeGreaterThan(tir(3));
  });
});
