import { describe, expect, it } from 'vitest';
import {
  agpAxisTicks,
  agpAxisTop,
  agpGoalResults,
  agpGoals,
  agpRangeLimits,
  AGP_POPULATIONS,
  type AgpPopulation,
  agpPlotValue,
  agpProfileDays,
  AGP_REFERENCE_MGDL,
  AGP_TARGET_HIGH_MGDL,
  AGP_TARGET_LOW_MGDL,
  hoursAndMinutes,
  minutesPerDay,
} from './agp';
import { shownBandPercents } from './split-percentages';

describe('AGP page (CLINICAL.md "The AGP report page")', () => {
  it('shades the consensus 70–180 and draws 54 and 250, whatever the patient target', () => {
    expect([AGP_TARGET_LOW_MGDL, AGP_TARGET_HIGH_MGDL]).toEqual([70, 180]);
    expect([...AGP_REFERENCE_MGDL]).toEqual([54, 250]);
  });
  it('runs its axis 0–350 mg/dL (0–19.4 mmol/L), higher values at the top', () => {
    expect(agpAxisTop('mg/dL')).toBe(350);
    expect(agpAxisTop('mmol/L')).toBe(19.4);
    expect(agpAxisTicks('mg/dL')).toEqual([0, 54, 70, 180, 250, 350]);
    expect(agpAxisTicks('mmol/L')).toEqual([0, 3, 3.9, 10, 13.9, 19.4]);
    expect(agpPlotValue(400, 'mg/dL')).toBe(350);
    expect(agpPlotValue(22.2, 'mmol/L')).toBe(19.4);
    expect(agpPlotValue(40, 'mg/dL')).toBe(40);
  });
  it('gives time per day in whole minutes adding up to 24 hours', () => {
    const m = minutesPerDay([0.33, 2.97, 70.1, 20.3, 6.3]);
    expect(m.reduce((a, b) => a + b, 0)).toBe(1440);
    expect(m).toEqual([5, 43, 1009, 292, 91]);
    expect(hoursAndMinutes(1009)).toEqual({ h: 16, m: 49 });
    expect(hoursAndMinutes(43)).toEqual({ h: 0, m: 43 });
    expect(minutesPerDay([0, 0, 0])).toEqual([0, 0, 0]);
  });
  // Battelino et al., Diabetes Care 2019;42:1593, figure 2: the goals per population, with the
  // limits of each band in mg/dL ([low, high]; null where the band is open).
  const goals = (p: AgpPopulation) => agpGoals(p).map((g) => [g.band, g.kind, g.pct, g.lowMgdl, g.highMgdl]);
  it('gives the consensus goals for most adults with type 1 or type 2', () => {
    expect(goals('type1or2')).toEqual([
      ['veryHigh', 'below', 5, 250, null],
      ['aboveHigh', 'below', 25, 180, null],
      ['inRange', 'above', 70, 70, 180],
      ['belowLow', 'below', 4, null, 70],
      ['veryLow', 'below', 1, null, 54],
    ]);
  });
  it('gives the consensus goals for older or high-risk adults', () => {
    expect(goals('olderOrHighRisk')).toEqual([
      ['veryHigh', 'below', 10, 250, null],
      ['inRange', 'above', 50, 70, 180],
      ['belowLow', 'below', 1, null, 70],
    ]);
  });
  it('gives the consensus goals for pregnancy with type 1, on 63–140 mg/dL', () => {
    expect(goals('pregnancyType1')).toEqual([
      ['aboveHigh', 'below', 25, 140, null],
      ['inRange', 'above', 70, 63, 140],
      ['belowLow', 'below', 4, null, 63],
      ['veryLow', 'below', 1, null, 54],
    ]);
    expect(agpRangeLimits('pregnancyType1')).toEqual({ low: 63, high: 140 });
    expect(AGP_POPULATIONS).toEqual(['type1or2', 'olderOrHighRisk', 'pregnancyType1']);
  });
  it('sets each goal beside the shown figure, met only when strictly beyond it', () => {
    const shown = shownBandPercents({ veryLow: 0.6, low: 3.4, inRange: 70, high: 21, veryHigh: 5 });
    expect(agpGoalResults('type1or2', shown).map((g) => [g.band, g.result, g.met])).toEqual([
      ['veryHigh', 5, false],
      ['aboveHigh', 26, false],
      ['inRange', 70, false],
      ['belowLow', 4, false],
      ['veryLow', 1, false],
    ]);
    expect(agpGoalResults('olderOrHighRisk', shown).map((g) => [g.band, g.result, g.met])).toEqual([
      ['veryHigh', 5, true],
      ['inRange', 70, true],
      ['belowLow', 4, false],
    ]);
  });
  it('lists the last 14 calendar days, days without data included', () => {
    const days = agpProfileDays('2026-03-01', '2026-03-31');
    expect(days).toHaveLength(14);
    expect(days[0]).toBe('2026-03-18');
    expect(days.at(-1)).toBe('2026-03-31');
    expect(agpProfileDays('2026-03-29', '2026-03-31')).toEqual(['2026-03-29', '2026-03-30', '2026-03-31']);
  });
});
