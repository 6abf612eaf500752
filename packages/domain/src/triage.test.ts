import { describe, expect, it } from 'vitest';
import { glucoseStats } from './glucose-stats';
import {
  flagCounts,
  flagsMask,
  flagsOfMask,
  riskRank,
  triageFlags,
  triageSummary,
  TRIAGE_FLAGS,
  type TriageFlag,
} from './triage';

// Consensus limits (Battelino et al., Diabetes Care 2019;42:1593, table 4): < 54 mg/dL under 1 %,
// < 70 under 4 %, wear at least 70 % of 14 days; and the list's own: no data for 2 days, time in
// range down more than 15 points.

const DAY = 86_400_000;
const FROM = Date.UTC(2026, 0, 1);
const TO = FROM + 14 * DAY;

/** 14 days (× coverage) of 5-minute readings: the first `share` of them at `value`, the rest 120. */
function period(from: number, shares: Array<[value: number, share: number]>, coverage = 1) {
  const n = Math.round((14 * DAY * coverage) / 300_000);
  const values: number[] = [];
  for (const [value, share] of shares) values.push(...Array<number>(Math.round(share * n)).fill(value));
  while (values.length < n) values.push(120);
  const readings = values.map((mgdl, i) => ({ time: from + i * 300_000, mgdl, intervalMin: 5 }));
  return glucoseStats(readings, { from, to: from + 14 * DAY });
}
const current = (shares: Array<[number, number]>, coverage = 1) => period(FROM, shares, coverage);
const previous = (shares: Array<[number, number]>, coverage = 1) => period(FROM - 14 * DAY, shares, coverage);
const flags = (c: ReturnType<typeof period>, p = previous([]), last: number | null = TO - 60_000) =>
  triageFlags({ current: c, previous: p, lastReadingMs: last }, TO);

describe('triage flags at the consensus limits', () => {
  it('raises no flag for a patient within every limit', () => {
    expect(flags(current([[50, 0.01]]))).toEqual([]);
  });

  it('raises "very low" above 1 % below 54 and "below" above 4 % below 70, exactly at the limits not', () => {
    expect(flags(current([[50, 0.0101]]))).toEqual(['very_low']);
    expect(flags(current([[60, 0.04]]))).toEqual([]);
    expect(flags(current([[60, 0.0402]]))).toEqual(['below']);
    expect(
      flags(
        current([
          [50, 0.03],
          [65, 0.02],
        ]),
      ),
    ).toEqual(['very_low', 'below']);
  });

  it('raises "wear" under 70 % of the 14 days, and judges no band on so little data', () => {
    expect(flags(current([], 0.71))).toEqual([]);
    expect(flags(current([[40, 0.5]], 0.69))).toEqual(['wear']);
  });

  it('raises "no data" when the newest reading is 2 days old or more, or there is none', () => {
    expect(flags(current([]), previous([]), TO - 2 * DAY + 1)).toEqual([]);
    expect(flags(current([]), previous([]), TO - 2 * DAY)).toEqual(['no_data']);
    expect(flags(glucoseStats([], { from: FROM, to: TO }), previous([]), null)).toEqual(['no_data', 'wear']);
  });

  it('raises "in range dropped" above 15 points below the previous 14 days, both shown', () => {
    expect(flags(current([[200, 0.149]]), previous([]))).toEqual([]);
    expect(flags(current([[200, 0.16]]), previous([]))).toEqual(['in_range_drop']);
    // The previous period too thinly covered to show its time in range: nothing to compare.
    expect(flags(current([[200, 0.5]]), previous([], 0.5))).toEqual([]);
  });
});

describe('risk order', () => {
  const rank = (f: TriageFlag[], below: number | null = null) => riskRank(f, below);

  it('ranks a more urgent flag above any set of less urgent ones', () => {
    for (let i = 0; i < TRIAGE_FLAGS.length; i++) {
      const lessUrgent = TRIAGE_FLAGS.slice(i + 1);
      expect(rank([TRIAGE_FLAGS[i]!], 0)).toBeGreaterThan(rank(lessUrgent, 100));
    }
    expect(TRIAGE_FLAGS).toEqual(['very_low', 'below', 'no_data', 'in_range_drop', 'wear']);
  });

  it('breaks ties between equal flags by the time below 70, and no flags rank lowest', () => {
    expect(rank(['below'], 12)).toBeGreaterThan(rank(['below'], 6));
    expect(rank([], 3.9)).toBeGreaterThan(rank([], 1));
    expect(rank([], 100)).toBeLessThan(rank(['wear'], 0));
  });

  it('masks and counts flags both ways', () => {
    const m = flagsMask(['wear', 'very_low']);
    expect(flagsOfMask(m)).toEqual(['very_low', 'wear']);
    expect(flagCounts([m, 0, flagsMask(['wear'])])).toMatchObject({
      total: 3,
      flagged: 2,
      wear: 2,
      very_low: 1,
      below: 0,
    });
  });
});

describe('the stored summary', () => {
  it('keeps the report figures and ranks with and without "no data"', () => {
    const c = current([
      [50, 0.02],
      [260, 0.1],
    ]);
    const s = triageSummary(c, previous([]));
    expect(s.bands).toEqual(c.timeInRanges);
    expect(s.gmi).toBe(c.gmi);
    expect(s.cv).toBe(c.cv);
    expect(s.wear).toBe(c.coveragePct);
    expect(flagsOfMask(s.mask)).toEqual(['very_low']);
    expect(s.rankNoData).toBe(
      riskRank(['very_low', 'no_data'], c.timeInRanges!.veryLow + c.timeInRanges!.low),
    );
    expect(s.rankRecent).toBeLessThan(s.rankNoData);
  });
});
