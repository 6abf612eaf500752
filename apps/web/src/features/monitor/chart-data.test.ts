import { describe, expect, it } from 'vitest';
import type { ChartData } from '@cgm/contract';
import {
  basalScaleRange,
  buildChartModel,
  glucoseHighOf,
  glucoseScaleRange,
  readoutAt,
  SERIES,
  sgPlotValue,
  type Cell,
  type MonitorChartModel,
} from './chart-data';
import { glucosePrefs } from './status-view';

const T0 = 1_800_000_000_000;
const MIN = 60_000;
const w = { from: T0, to: T0 + 3 * 60 * MIN };
const mg = glucosePrefs({ unit: 'mg/dL' }, null);
const mmol = glucosePrefs({ unit: 'mmol/L' }, null);

function chart(over: Partial<ChartData> = {}): ChartData {
  return {
    st: w.from,
    et: w.to,
    sg: [],
    basal: [],
    bolus: [],
    calibRecord: [],
    sensor_alarm: [],
    transmtr: [],
    alarm_display: [],
    sleeptime: [],
    pump_alarm: [],
    ...over,
  };
}

/** The defined (non-undefined) points of a series as [time, value]. */
function pointsOf(model: MonitorChartModel, index: number): Array<[number, Cell]> {
  const x = model.columns[0] as number[];
  return x.flatMap((t, i) => (model.columns[index]![i] === undefined ? [] : [[t, model.columns[index]![i]]]));
}

describe('buildChartModel', () => {
  it('puts every series on one sorted time column that spans the window', () => {
    const m = buildChartModel(
      chart({
        sg: [
          [T0 + 10 * MIN, 100, null],
          [T0 + 12 * MIN, 110, null],
        ],
        bolus: [[T0 + 11 * MIN, 'NB', 2.02]],
      }),
      mg,
      w,
    );
    const x = m.columns[0] as number[];
    expect(x[0]).toBe(w.from);
    expect(x[x.length - 1]).toBe(w.to);
    expect([...x].sort((a, b) => a - b)).toEqual(x);
    expect(m.columns).toHaveLength(14);
    for (const c of m.columns) expect(c).toHaveLength(x.length);
    expect(pointsOf(m, SERIES.sg)).toEqual([
      [T0 + 10 * MIN, 100],
      [T0 + 12 * MIN, 110],
    ]);
    expect(pointsOf(m, SERIES.bolus)).toEqual([[T0 + 11 * MIN, 2]]);
  });

  it('converts and clamps glucose to the display unit, C/CX as markers at 2.2, H at the top', () => {
    const m = buildChartModel(
      chart({
        sg: [
          [T0 + 2 * MIN, 99, null],
          [T0 + 4 * MIN, 500, null],
          [T0 + 6 * MIN, 30, 'CX'],
          [T0 + 8 * MIN, null, 'H'],
          [T0 + 10 * MIN, null, 'CE0'],
        ],
      }),
      mmol,
      w,
    );
    expect(pointsOf(m, SERIES.sg).map(([, v]) => v)).toEqual([5.5, 22.2, 22.2, null]);
    expect(pointsOf(m, SERIES.flagged)).toEqual([[T0 + 6 * MIN, 2.2]]);
    expect(sgPlotValue(null, 'H', 'mg/dL')).toBe(400);
  });

  it('breaks the line across a gap of more than 15 minutes, not of exactly 15', () => {
    const m = buildChartModel(
      chart({
        sg: [
          [T0, 100, null],
          [T0 + 2 * MIN, 100, null],
          [T0 + 18 * MIN, 120, null],
          [T0 + 30 * MIN, 120, null],
          [T0 + 45 * MIN, 130, null],
        ],
      }),
      mg,
      w,
    );
    expect(pointsOf(m, SERIES.sg)).toEqual([
      [T0, 100],
      [T0 + 2 * MIN, 100],
      [T0 + 2 * MIN + 1, null],
      [T0 + 18 * MIN, 120],
      [T0 + 30 * MIN, 120],
      [T0 + 45 * MIN, 130],
    ]);
  });

  it('breaks a 38-minute gap from reading to reading, whatever other series put inside it', () => {
    // uPlot 1.6's findGaps: a run of nulls makes a gap from the x before the run to the x after it
    // in the shared column (undefined cells are stepped over, not gaps).
    const gapsOf = (xs: number[], ys: Cell[]) => {
      const gaps: Array<[number, number]> = [];
      for (let i = 0; i < xs.length; i++) {
        if (ys[i] !== null) continue;
        const fr = i;
        while (i + 1 < xs.length && ys[i + 1] === null) i++;
        gaps.push([xs[Math.max(0, fr - 1)]!, xs[Math.min(xs.length - 1, i + 1)]!]);
      }
      return gaps;
    };
    const m = buildChartModel(
      chart({
        sg: [
          [T0 + 10 * MIN, 100, null],
          [T0 + 48 * MIN, 140, null],
          [T0 + 50 * MIN, 142, null],
        ],
        // A bolus and a basal change inside the gap add shared times there.
        bolus: [[T0 + 20 * MIN, 'NB', 1]],
        basal: [[T0 + 30 * MIN, 'BAST', 60, 0.8, 0.8, 0, 'P:1', null]],
      }),
      mg,
      w,
    );
    const x = m.columns[0] as number[];
    const sg = m.columns[SERIES.sg]!;
    x.forEach((t, i) => {
      if (t > T0 + 10 * MIN && t < T0 + 48 * MIN) expect(sg[i], `at +${(t - T0) / MIN} min`).toBeNull();
    });
    expect(gapsOf(x, sg)).toEqual([[T0 + 10 * MIN, T0 + 48 * MIN]]);
    // The readings themselves stay on the line.
    expect(pointsOf(m, SERIES.sg).filter(([, v]) => v !== null)).toEqual([
      [T0 + 10 * MIN, 100],
      [T0 + 48 * MIN, 140],
      [T0 + 50 * MIN, 142],
    ]);
  });

  it('separates calibrations from fingersticks', () => {
    const m = buildChartModel(
      chart({
        calibRecord: [
          [T0 + MIN, 108, 'calibration'],
          [T0 + 2 * MIN, 90, 'bg'],
        ],
      }),
      mmol,
      w,
    );
    expect(pointsOf(m, SERIES.calib)).toEqual([[T0 + MIN, 6]]);
    expect(pointsOf(m, SERIES.bg)).toEqual([[T0 + 2 * MIN, 5]]);
    expect(m.summary).toMatchObject({ calibrations: 1, fingersticks: 1 });
  });

  it('draws basal as steps per kind, joined where rows follow on, broken where they do not', () => {
    const m = buildChartModel(
      chart({
        basal: [
          [T0 - 30 * MIN, 'BAS', 60, 0.8, 0.8, 0, 'PB:1', null],
          [T0 + 30 * MIN, 'BART', 30, 0.4, 0.2, 0, 'PB:2', null],
          [T0 + 60 * MIN, 'BAS', 30, 1.0, 0.5, 0, 'PB:3', null],
          [T0 + 90 * MIN, 'SUSM', 20, 0, 0, 0, 'PB:4', null],
          [T0 + 120 * MIN, 'BAAM', 6, 0.5, 0.05, 0.05, 'PB:5', null],
          [T0 + 126 * MIN, 'BAAM', 6, 1.0, 0.1, 0.1, 'PB:6', null],
        ],
      }),
      mg,
      w,
    );
    expect(pointsOf(m, SERIES.basal)).toEqual([
      [T0, 0.8],
      [T0 + 30 * MIN, 0.8],
      [T0 + 30 * MIN + 1, null],
      [T0 + 60 * MIN, 1],
      [T0 + 90 * MIN, 1],
    ]);
    expect(pointsOf(m, SERIES.tempBasal)).toEqual([
      [T0 + 30 * MIN, 0.4],
      [T0 + 60 * MIN, 0.4],
    ]);
    expect(pointsOf(m, SERIES.autoModeBasal)).toEqual([
      [T0 + 120 * MIN, 0.5],
      [T0 + 126 * MIN, 1],
      [T0 + 132 * MIN, 1],
    ]);
    expect(pointsOf(m, SERIES.suspend).map(([t]) => t)).toEqual([T0 + 90 * MIN, T0 + 110 * MIN]);
    expect(m.basalMax).toBe(1);
    expect(m.summary).toMatchObject({ basalMin: 0.4, basalMax: 1 });
    expect(m.summary.autoModePercent).toBeCloseTo((100 * 12) / 180);
  });

  it('breaks a basal step across its gap by the glucose line rule, whatever other series put inside it', () => {
    // uPlot 1.6's findGaps, as above: a run of nulls is a gap from the x before it to the x after it.
    const gapsOf = (xs: number[], ys: Cell[]) => {
      const gaps: Array<[number, number]> = [];
      for (let i = 0; i < xs.length; i++) {
        if (ys[i] !== null) continue;
        const fr = i;
        while (i + 1 < xs.length && ys[i + 1] === null) i++;
        gaps.push([xs[Math.max(0, fr - 1)]!, xs[Math.min(xs.length - 1, i + 1)]!]);
      }
      return gaps;
    };
    const m = buildChartModel(
      chart({
        basal: [
          [T0, 'BAS', 30, 0.8, 0.4, 0, 'PB:1', null],
          // A temp basal, a bolus and a reading inside the scheduled basal's 40-minute gap.
          [T0 + 35 * MIN, 'BART', 20, 0.4, 0.13, 0, 'PB:2', null],
          [T0 + 70 * MIN, 'BAS', 30, 1.0, 0.5, 0, 'PB:3', null],
        ],
        bolus: [[T0 + 40 * MIN, 'NB', 1]],
        sg: [[T0 + 45 * MIN, 120, null]],
      }),
      mg,
      w,
    );
    const x = m.columns[0] as number[];
    const basal = m.columns[SERIES.basal]!;
    x.forEach((t, i) => {
      if (t > T0 + 30 * MIN && t < T0 + 70 * MIN) expect(basal[i], `at +${(t - T0) / MIN} min`).toBeNull();
    });
    expect(gapsOf(x, basal)).toEqual([[T0 + 30 * MIN, T0 + 70 * MIN]]);
    expect(pointsOf(m, SERIES.basal).filter(([, v]) => v !== null)).toEqual([
      [T0, 0.8],
      [T0 + 30 * MIN, 0.8],
      [T0 + 70 * MIN, 1],
      [T0 + 100 * MIN, 1],
    ]);
    // The temp basal in the gap keeps its own step.
    expect(pointsOf(m, SERIES.tempBasal)).toEqual([
      [T0 + 35 * MIN, 0.4],
      [T0 + 55 * MIN, 0.4],
    ]);
  });

  it('takes the basal axis maximum from the steps of spec §9', () => {
    const m = buildChartModel(chart({ basal: [[T0, 'BAS', 60, 2.4, 2.4, 0, 'PB:7', null]] }), mg, w);
    expect(m.basalMax).toBe(5);
    expect(buildChartModel(chart(), mg, w).basalMax).toBe(1);
  });

  it('marks new patches, delivery ends and alarms', () => {
    const m = buildChartModel(
      chart({
        basal: [
          [T0 + MIN, 'NEW', 0, 0, 0, 0, 'PB:8', null],
          [T0 + 2 * MIN, 'ENDEP', 0, 0, 0, 0, 'PB:9', null],
          [T0 + 3 * MIN, 'BAAMS', 0, 0, 0, 0, 'PB:10', null],
        ],
        sensor_alarm: [[T0 + 5 * MIN, 'LOW']],
        pump_alarm: [[T0 + 4 * MIN, 'OCCL']],
      }),
      mg,
      w,
    );
    expect(pointsOf(m, SERIES.newPatch)).toEqual([[T0 + MIN, 1]]);
    expect(pointsOf(m, SERIES.stop)).toEqual([[T0 + 2 * MIN, 1]]);
    expect(m.alarms.map((a) => a.code)).toEqual(['OCCL', 'LOW']);
    expect([...m.present].sort()).toEqual(['alarm', 'newPatch', 'stop']);
  });

  it('leaves out rows outside the window', () => {
    const m = buildChartModel(chart({ sg: [[T0 - MIN, 100, null]], bolus: [[w.to + MIN, 'NB', 1]] }), mg, w);
    expect(m.summary.readings).toBe(0);
    expect(m.boluses).toEqual([]);
  });

  it('sums up the window for the accessible text', () => {
    const m = buildChartModel(
      chart({
        sg: [
          [T0, 60, null],
          [T0 + 2 * MIN, 100, null],
          [T0 + 4 * MIN, 150, null],
          [T0 + 6 * MIN, 200, 'NC'],
        ],
        bolus: [
          [T0 + MIN, 'NB', 1.02],
          [T0 + 2 * MIN, 'CCW', 3.5],
        ],
      }),
      mg,
      w,
    );
    expect(m.summary).toMatchObject({
      readings: 4,
      min: 60,
      max: 200,
      latest: { time: T0 + 6 * MIN, mgdl: 200, flag: 'NC' },
      inTargetPercent: 50,
      bolusCount: 2,
      bolusTotal: 4.5,
    });
  });
});

describe('scales', () => {
  it('rounds the top of the glucose range up, within the display range', () => {
    expect(glucoseHighOf(null, 180, 'mg/dL')).toBe(250);
    expect(glucoseHighOf(262, 180, 'mg/dL')).toBe(300);
    expect(glucoseHighOf(999, 180, 'mg/dL')).toBe(400);
    expect(glucoseHighOf(null, 180, 'mmol/L')).toBe(14);
    expect(glucoseHighOf(399, 180, 'mmol/L')).toBe(22.2);
  });
  it('keeps basal under the glucose range and room for markers above it', () => {
    const [gMin, gMax] = glucoseScaleRange(40, 250);
    const share = (v: number) => (v - gMin) / (gMax - gMin);
    const [, bMax] = basalScaleRange(2);
    expect(2 / bMax).toBeLessThan(share(40));
    expect(share(250)).toBeLessThan(0.9);
  });
});

describe('readoutAt', () => {
  it('reads the nearest reading, the basal in effect and a bolus at the cursor', () => {
    const data = chart({
      sg: [
        [T0, 100, null],
        [T0 + 2 * MIN, 110, null],
      ],
      basal: [
        [T0 - MIN, 'BAS', 60, 0.82, 0.8, 0, 'PB:11', null],
        [T0 + 10 * MIN, 'SUSLSG', 10, 0, 0, 0, 'PB:12', null],
      ],
      bolus: [[T0 + 2 * MIN, 'NB', 1]],
    });
    const m = buildChartModel(data, mmol, w);
    const r = readoutAt(data, m, T0 + 2 * MIN + 10_000);
    expect(r.sg).toEqual({ time: T0 + 2 * MIN, mgdl: 110, flag: null, value: 6.1 });
    expect(r.basal).toEqual({ series: 'basal', rate: 0.8 });
    expect(r.bolus?.units).toBe(1);
    expect(readoutAt(data, m, T0 + 15 * MIN).basal).toEqual({ series: 'suspend', rate: 0 });
    expect(readoutAt(data, m, T0 + 60 * MIN).sg).toBeNull();
  });
});
