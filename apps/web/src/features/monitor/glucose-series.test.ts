import { describe, expect, it } from 'vitest';
import type { ChartData } from '@cgm/contract';
import { glucosePoints, glucoseSummary } from './glucose-series';
import { glucosePrefs } from './status-view';

// The monitor's glucose (CLINICAL.md): C/CX apart from the line and out of every figure; the line
// breaks at more than 15 minutes, the reports' and the AUC's rule.

const T0 = 1_800_000_000_000;
const MIN = 60_000;
const w = { from: T0, to: T0 + 3 * 60 * MIN };
const mg = glucosePrefs({ unit: 'mg/dL' }, null);

const chart = (sg: ChartData['sg']): ChartData => ({
  st: w.from,
  et: w.to,
  sg,
  basal: [],
  bolus: [],
  calibRecord: [],
  sensor_alarm: [],
  pump_alarm: [],
  transmtr: [],
  alarm_display: [],
  sleeptime: [],
});

describe('glucosePoints', () => {
  it('puts C and CX in the flagged markers at the floor and keeps the line going around them', () => {
    const g = glucosePoints(
      chart([
        [T0, 120, null],
        [T0 + 5 * MIN, 300, 'C'],
        [T0 + 10 * MIN, 130, null],
        [T0 + 12 * MIN, 20, 'CX'],
      ]),
      'mg/dL',
      w,
    );
    expect([...g.sg]).toEqual([
      [T0, 120],
      [T0 + 10 * MIN, 130],
    ]);
    expect([...g.flagged]).toEqual([
      [T0 + 5 * MIN, 40],
      [T0 + 12 * MIN, 40],
    ]);
  });

  it('keeps a measured low on the line, at the floor but not flagged', () => {
    const g = glucosePoints(chart([[T0, 30, null]]), 'mmol/L', w);
    expect([...g.sg]).toEqual([[T0, 2.2]]);
    expect(g.flagged.size).toBe(0);
  });

  it('breaks only where valid readings are more than 15 minutes apart', () => {
    const exactly = glucosePoints(
      chart([
        [T0, 100, null],
        [T0 + 15 * MIN, 110, null],
      ]),
      'mg/dL',
      w,
    );
    expect([...exactly.sg.values()]).not.toContain(null);
    const longer = glucosePoints(
      chart([
        [T0, 100, null],
        [T0 + 15 * MIN + 1, 110, null],
      ]),
      'mg/dL',
      w,
    );
    expect([...longer.sg]).toEqual([
      [T0, 100],
      [T0 + 1, null],
      [T0 + 15 * MIN + 1, 110],
    ]);
    expect(longer.breaks).toEqual([[T0, T0 + 15 * MIN + 1]]);
    expect(exactly.breaks).toEqual([]);
  });
});

describe('glucoseSummary', () => {
  it('leaves C/CX out of the count, the extremes and time in target, and counts them apart', () => {
    const s = glucoseSummary(
      chart([
        [T0, 100, null],
        [T0 + 2 * MIN, 35, 'CX'],
        [T0 + 4 * MIN, 150, null],
        [T0 + 6 * MIN, 500, 'C'],
      ]),
      mg,
      w,
    );
    expect(s).toMatchObject({ readings: 2, min: 100, max: 150, inTargetPercent: 100, flagged: 2 });
    expect(s.latest).toEqual({ time: T0 + 6 * MIN, mgdl: 500, flag: 'C' });
  });
});
