import { describe, expect, it } from 'vitest';
import type { DdDay } from '@cgm/contract';
import { dayModel, overlayRuns, splitRuns } from './shaping';

// The glucose line of the report charts (CLINICAL.md): C/CX readings are markers at the floor, never
// part of the line; the line breaks where readings are more than 15 minutes apart, not at 15.

const MIN = 60_000;
const from = Date.UTC(2025, 0, 10, 5); // local midnight at UTC−5

function day(
  rows: Array<[minute: number, mgdl: number | null, quality: string | null, code?: string]>,
): DdDay {
  return {
    day: '2025-01-10',
    from_ms: from,
    to_ms: from + 1440 * MIN,
    sg: {
      time: rows.map(([m]) => from + m * MIN),
      utc_offset_min: rows.map(() => -300),
      mgdl: rows.map(([, v]) => v),
      quality: rows.map(([, , q]) => q),
      display_code: rows.map(([, , , c]) => c ?? null),
    },
    basal: {
      start: [],
      utc_offset_min: [],
      duration_min: [],
      rate: [],
      delivered: [],
      code: [],
      kind: [],
      series: [],
      auto_basal: [],
      auto_corr: [],
      auto_food: [],
    },
    boluses: [],
    bg: [],
    events: [],
    alarms: [],
    sessions: [],
  } as unknown as DdDay;
}

describe('the daily chart glucose line', () => {
  it('puts C and CX in the flagged markers at the floor, not in the line', () => {
    const m = dayModel(
      day([
        [0, 120, null],
        [5, 250, 'C'],
        [10, 130, null],
        [15, 30, 'CX'],
        [20, 140, 'NC'],
      ]),
      'mmol/L',
    );
    expect(m.sg).toEqual([
      [
        [0, 6.7],
        [10, 7.2],
        [20, 7.8],
      ],
    ]);
    expect(m.flagged).toEqual([
      { x: 5, y: 2.2, time: from + 5 * MIN, utc_offset_min: -300, flag: 'C' },
      { x: 15, y: 2.2, time: from + 15 * MIN, utc_offset_min: -300, flag: 'CX' },
    ]);
    expect(m.sg.flat().some(([, y]) => y === 2.2)).toBe(false);
  });

  it('keeps a real low on the line (it is a low, not a flagged reading)', () => {
    const m = dayModel(
      day([
        [0, 35, null],
        [5, 45, null],
      ]),
      'mg/dL',
    );
    expect(m.sg).toEqual([
      [
        [0, 40],
        [5, 45],
      ],
    ]);
    expect(m.flagged).toEqual([]);
  });

  it('joins readings exactly 15 minutes apart and breaks at more than 15', () => {
    const m = dayModel(
      day([
        [0, 100, null],
        [15, 110, null],
        [30.5, 120, null],
        [35, 125, null],
      ]),
      'mg/dL',
    );
    expect(m.sg).toEqual([
      [
        [0, 100],
        [15, 110],
      ],
      [
        [30.5, 120],
        [35, 125],
      ],
    ]);
  });

  it('joins readings 11 minutes apart (the live monitor used to break after 10)', () => {
    expect(splitRuns([0, 11, 22], [1, 2, 3])).toHaveLength(1);
    expect(splitRuns([0, 16], [1, 2])).toHaveLength(2);
  });

  it('breaks across a long calibration state: the gap between valid readings counts', () => {
    const rows: Array<[number, number | null, string | null]> = [[0, 100, null]];
    for (let m = 5; m <= 25; m += 5) rows.push([m, 100, 'CX']);
    rows.push([30, 110, null]);
    const m = dayModel(day(rows), 'mg/dL');
    expect(m.sg).toHaveLength(2);
    expect(m.flagged).toHaveLength(5);
  });

  it('breaks the overlay curves by the same rule', () => {
    expect(overlayRuns({ minute: [0, 15, 31], mgdl: [100, 110, 120] }, 'mg/dL')).toHaveLength(2);
  });
});
