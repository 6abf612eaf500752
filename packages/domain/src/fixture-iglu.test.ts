// Statistics on real, irregular CGM data with gaps: iglu's example_data_5_subject (Dexcom G4, about
// 5-minute sampling; ../shared/fixtures/README.md). Times have no zone; they are read as UTC with
// offset 0. Every expected number below was computed once, independently of this package, by a
// short numpy script following CLINICAL.md: numpy mean / std(ddof=1) / percentile (default
// 'linear' = type 7), boolean band masks, f = 1.509·(log(g)^1.084 − 5.381), AUC by numpy.trapezoid
// on 2001 sub-samples per bridged interval (not the closed form the package uses), period = first
// reading to last + 2 min. Subject 1's min, Q1, median, Q3, max (66, 99, 112, 143, 276), mean 124
// and "in_range_70_180" 91.7 also match iglu's own README (summary_glu, in_range_percent).

import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { dailyProfile } from './daily-profile';
import { sensorWear, validDays } from './days';
import { glucoseStats } from './glucose-stats';
import type { GlucoseReading } from './readings';
import { assignIntervals, inferSamplingInterval } from './sampling';

const csv = readFileSync(
  new URL('../../../../shared/fixtures/iglu_example_data_5_subject.csv', import.meta.url),
  'utf8',
);

function load(): Map<string, GlucoseReading[]> {
  const bySubject = new Map<string, GlucoseReading[]>();
  for (const line of csv.trim().split('\n').slice(1)) {
    const [, id, time, gl] = line.split(',');
    const subject = id!.replaceAll('"', '');
    const list = bySubject.get(subject) ?? [];
    list.push({ time: Date.parse(`${time!.replace(' ', 'T')}Z`), mgdl: Number(gl), utcOffsetMin: 0 });
    bySubject.set(subject, list);
  }
  return bySubject;
}

const subjects = load();

type Expected = [
  subject: string,
  n: number, mean: number, sd: number, cv: number, min: number, max: number, q1: number, median: number, q3: number,
  veryLow: number, low: number, inRange: number, high: number, veryHigh: number,
  gri: number, lbgi: number, hbgi: number, aucAbove: number, aucBelow: number, days: number,
]; // prettier-ignore

const EXPECTED: Expected[] = [
  ['Subject 1', 2915, 123.665523156, 33.268076117, 26.901658011, 66, 276, 99, 112, 143,
    0, 0.137221269, 91.66380789, 7.82161235, 0.377358491, 7.190394511, 0.432051654, 1.807361999, 16.76649352, 16.576737969, 12.674409722],
  ['Subject 2', 2829, 218.45281018, 52.371108536, 23.973648356, 90, 400, 179, 211, 253,
    0, 0, 26.440438317, 47.472605161, 26.086956522, 79.717214563, 0.004641934, 16.194477954, 758.88720423, 0.071823836, 16.672592593],
  ['Subject 3', 1533, 154.041748206, 44.78312497, 29.072070066, 60, 304, 125, 140, 173,
    0, 0.32615786, 81.343770385, 12.654924984, 5.675146771, 19.986953686, 0.14228868, 5.10831645, 155.831147845, 7.136838654, 5.775451389],
  ['Subject 4', 3664, 129.674399563, 29.067820377, 22.416005376, 50, 232, 109, 126, 149,
    0.054585153, 0.218340611, 95.114628821, 4.612445415, 0, 4.377729258, 0.356219352, 1.865800604, 8.446435573, 18.592333207, 12.888761574],
  ['Subject 5', 2925, 174.607521368, 58.576552723, 33.547554117, 66, 398, 134, 164, 211,
    0, 0.102564103, 62.11965812, 26.495726496, 11.282051282, 39.494017094, 0.194597143, 8.895928818, 355.873163762, 11.614072476, 10.601643519],
]; // prettier-ignore

describe('glucoseStats on the iglu five-subject fixture (CLINICAL.md definitions)', () => {
  it('has the five subjects and 13866 readings', () => {
    expect([...subjects.keys()]).toEqual(['Subject 1', 'Subject 2', 'Subject 3', 'Subject 4', 'Subject 5']);
    expect([...subjects.values()].reduce((s, r) => s + r.length, 0)).toBe(13866);
  });

  it.each(EXPECTED)('%s', (subject, n, mean, sd, cv, min, max, q1, median, q3, ...rest) => {
    const [veryLow, low, inRange, high, veryHigh, gri, lbgi, hbgi, aucAbove, aucBelow, days] = rest;
    const s = glucoseStats(subjects.get(subject)!);
    expect(s.count).toBe(n);
    expect(s.mean).toBeCloseTo(mean, 6);
    expect(s.sd).toBeCloseTo(sd, 6);
    expect(s.cv).toBeCloseTo(cv, 6);
    expect([s.min, s.max, s.q1, s.median, s.q3, s.iqr]).toEqual([min, max, q1, median, q3, q3 - q1]);
    const t = s.timeInRanges!;
    expect(t.veryLow).toBeCloseTo(veryLow, 6);
    expect(t.low).toBeCloseTo(low, 6);
    expect(t.inRange).toBeCloseTo(inRange, 6);
    expect(t.high).toBeCloseTo(high, 6);
    expect(t.veryHigh).toBeCloseTo(veryHigh, 6);
    expect(s.inTarget).toBeCloseTo(inRange, 9); // default target 70–180 equals the consensus range
    expect(s.gri).toBeCloseTo(gri, 6);
    expect(s.lbgi).toBeCloseTo(lbgi, 6);
    expect(s.hbgi).toBeCloseTo(hbgi, 6);
    // Sub-sampled trapezoids differ from the exact integral by well under 0.01 mg/dL·h per day.
    expect(Math.abs(s.aucAbove! - aucAbove)).toBeLessThan(0.01);
    expect(Math.abs(s.aucBelow! - aucBelow)).toBeLessThan(0.01);
    expect(s.days).toBeCloseTo(days, 6);
    // Given without intervals the readings count 2 minutes each: 288 a day at most cover 40 % of
    // it, so no eA1c and no GMI (the block at the end gives them their 5 minutes).
    expect([s.sufficient, s.eA1c, s.gmi]).toEqual([false, null, null]);
  });

  it('GRI zones follow the 20-point bands (Subject 2 in D, Subject 3 just inside A, Subject 5 in B)', () => {
    const zone = (id: string) => glucoseStats(subjects.get(id)!).griZone;
    expect([zone('Subject 1'), zone('Subject 2'), zone('Subject 3'), zone('Subject 4'), zone('Subject 5')]).toEqual([
      'A', 'D', 'A', 'A', 'B',
    ]); // prettier-ignore
  });
});

describe('dailyProfile on the fixture (same numpy script, bins 8 = 01:20 and 100 = 16:40)', () => {
  it.each([
    ['Subject 1', 8, [26, 88.0, 90.5, 94.0, 122.0, 141.0]],
    ['Subject 1', 100, [14, 133.2, 144.0, 171.5, 193.25, 198.1]],
    ['Subject 2', 8, [22, 173.4, 198.5, 228.0, 268.75, 310.7]],
    ['Subject 4', 100, [26, 88.5, 96.25, 106.0, 166.25, 178.0]],
    ['Subject 5', 100, [18, 163.9, 172.25, 180.0, 208.25, 238.7]],
  ] as const)('%s bin %d → count, p10…p90 %j', (subject, bin, [count, ...qs]) => {
    const b = dailyProfile(subjects.get(subject)!)[bin]!;
    expect(b.count).toBe(count);
    [10, 25, 50, 75, 90].forEach((p, i) => expect(b.percentiles[p]).toBeCloseTo(qs[i]!, 9));
  });
});

describe('validDays on the fixture with its 5-minute sampling (300 s per reading)', () => {
  it.each([
    ['Subject 1', 14, 0],
    ['Subject 2', 13, 8],
    ['Subject 3', 7, 1],
    ['Subject 4', 14, 10],
    ['Subject 5', 12, 7],
  ] as const)('%s: %d days with data, %d valid', (subject, daysWithData, valid) => {
    const days = validDays(subjects.get(subject)!, { intervalMin: 5 });
    expect(days).toHaveLength(daysWithData);
    expect(days.filter((d) => d.valid)).toHaveLength(valid);
  });
});

// The fixture's sampling interval inferred from its own gaps (CLINICAL.md "Sampling interval and
// coverage"), and what follows. Expected values from a short Python script over the CSV, apart from
// this package: duplicates removed, lower median of the gaps (300 s for every subject; iglu's own
// active_percent also grids the data at its detected 5 minutes), wear = n × 300 s ÷ (first reading
// → last + 300 s), valid = more than 84 600 s (283 or more readings) on a UTC date.
describe('the fixture sampled every 5 minutes: wear, valid days, eA1c and GMI', () => {
  it.each([
    ['Subject 1', 2915, 79.844857197, 14, 0, 'too-little-data', 'too-few-days'],
    ['Subject 2', 2829, 58.909190861, 13, 8, 'too-little-data', 'too-little-data'],
    ['Subject 3', 1533, 92.131279561, 7, 1, null, 'too-few-days'],
    ['Subject 4', 3664, 98.69191906, 14, 10, null, 'too-few-days'],
    ['Subject 5', 2925, 95.780003973, 12, 7, null, 'too-few-days'],
  ] as const)(
    '%s: %d readings, wear %f %%, %d days, %d valid',
    (subject, n, wear, days, valid, ea1c, gmi) => {
      const list = subjects.get(subject)!;
      const times = list.map((r) => r.time);
      expect(inferSamplingInterval(times)).toBe(5);
      const intervals = assignIntervals([{ key: subject, nominalMin: null }], {
        times,
        sourceKeys: list.map(() => subject),
      });
      const readings = list.map((r, i) => ({ ...r, intervalMin: intervals[i]! }));
      const first = Math.min(...times);
      const last = Math.max(...times);
      expect(sensorWear(readings, first, last + 300_000)).toBeCloseTo(wear, 8);
      const coverage = validDays(readings);
      expect([coverage.length, coverage.filter((d) => d.valid).length]).toEqual([days, valid]);
      expect(coverage).toEqual(validDays(list, { intervalMin: 5 }));
      const s = glucoseStats(readings);
      expect(s.count).toBe(n);
      expect(s.coveragePct).toBeCloseTo(wear, 8); // default period: first → last + its 5 minutes
      expect([s.eA1cWithheld, s.gmiWithheld]).toEqual([ea1c, gmi]);
      expect(s.sufficient).toBe(ea1c === null);
    },
  );
});
