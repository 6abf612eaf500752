import { describe, expect, it } from 'vitest';
import {
  agpAxisTicks,
  agpAxisTop,
  agpGoals,
  agpPlotValue,
  agpProfileDays,
  AGP_REFERENCE_MGDL,
  AGP_TARGET_HIGH_MGDL,
  AGP_TARGET_LOW_MGDL,
  hoursAndMinutes,
  minutesPerDay,
} from './agp';

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
  it('prints the consensus goals of the chosen population', () => {
    expect(agpGoals('type1or2').map((g) => [g.band, g.kind, g.pct])).toEqual([
      ['veryHigh', 'below', 5],
      ['aboveHigh', 'below', 25],
      ['inRange', 'above', 70],
      ['belowLow', 'below', 4],
      ['veryLow', 'below', 1],
    ]);
    expect(agpGoals('olderOrHighRisk').find((g) => g.band === 'inRange')!.pct).toBe(50);
  });
  it('lists the last 14 calendar days, days without data included', () => {
    const days = agpProfileDays('2026-03-01', '2026-03-31');
    expect(days).toHaveLength(14);
    expect(days[0]).toBe('2026-03-18');
    expect(days.at(-1)).toBe('2026-03-31');
    expect(agpProfileDays('2026-03-29', '2026-03-31')).toEqual(['2026-03-29', '2026-03-30', '2026-03-31']);
  });
});
