import { describe, expect, it } from 'vitest';
import type { DdDay } from '@cgm/contract';
import { agpPanelModel, clipRuns } from './agp-shaping';

const MIN = 60_000;
const from = Date.UTC(2026, 10, 12); // local midnight at UTC+0

function day(values: Array<[minute: number, mgdl: number, quality?: 'C' | 'CX']>): DdDay {
  return {
    day: '2026-11-12',
    from_ms: from,
    to_ms: from + 1440 * MIN,
    sg: {
      time: values.map(([m]) => from + m * MIN),
      utc_offset_min: values.map(() => 0),
      mgdl: values.map(([, v]) => v),
      quality: values.map(([, , q]) => q ?? null),
      display_code: values.map(() => null),
    },
  } as unknown as DdDay;
}

describe('AGP daily glucose profiles', () => {
  it('draws an isolated 39 mg/dL among 120s as a low (the display floor, below 70)', () => {
    const readings: Array<[number, number]> = [];
    for (let m = 600; m <= 640; m += 2) readings.push([m, m === 620 ? 39 : 120]);
    const p = agpPanelModel(day(readings), 'mg/dL', 70, 180);
    expect(p.line.flat()).toContainEqual([620, 40]);
    expect(p.lows).toHaveLength(1);
    expect(p.lows[0]).toContainEqual([620, 40]);
    expect(Math.min(...p.lows[0]!.map(([, y]) => y))).toBe(40);
    expect(p.highs).toEqual([]);
  });
  it('draws values above 350 mg/dL at the top of the axis and colours them as highs', () => {
    const p = agpPanelModel(day([[0, 200], [2, 420], [4, 200]]), 'mg/dL', 70, 180); // prettier-ignore
    expect(p.line[0]).toContainEqual([2, 350]);
    expect(p.highs[0]).toEqual([[0, 200], [2, 350], [4, 200]]); // prettier-ignore
  });
  it('keeps C/CX readings off the line, as flagged markers', () => {
    const p = agpPanelModel(day([[0, 120], [2, 120, 'C'], [4, 120]]), 'mmol/L', 3.9, 10); // prettier-ignore
    expect(p.line.flat().map(([x]) => x)).toEqual([0, 4]);
    expect(p.flagged.map((f) => f.x)).toEqual([2]);
    expect(p.lows).toEqual([]);
  });
  it('draws a day without readings empty', () => {
    expect(agpPanelModel(undefined, 'mg/dL', 70, 180)).toMatchObject({ line: [], hasData: false });
    expect(agpPanelModel(day([]), 'mg/dL', 70, 180).hasData).toBe(false);
  });
  it('cuts a line where it crosses a limit', () => {
    expect(clipRuns([[[0, 100], [10, 40], [20, 100]]], 70, 'below')).toEqual([[[5, 70], [10, 40], [15, 70]]]); // prettier-ignore
  });
});
